import { mailPreviewAnswer } from "@club/shared";
import { z } from "zod";
import { previewGroupMail } from "../domain/group-mail/preview";
import { answer, memberProcedure, router } from "../trpc";

export const mailRouter = router({
  /**
   * The composer's preview (group e-mail, event announcements): the message exactly as it would be
   * sent, sanitised by the server's one allowlist, laid out, with the footer bulk mail carries (the
   * reader's own unsubscribe link) and its plain-text part. It sends nothing and stores nothing, so
   * any member may ask; who may send is decided where it is sent. A mutation, because a body of up
   * to 200,000 characters does not fit in a URL.
   */
  preview: memberProcedure
    .input(
      z.object({
        subject: z.string().max(300, "The subject is too long."),
        body: z.string().max(200_000, "The message is too long."),
        /** A group e-mail (default) or an event's announcement: each has its own unsubscribe link. */
        kind: z.enum(["group", "announcements"], "Choose a kind of mail.").default("group"),
      }),
    )
    .output(answer(mailPreviewAnswer))
    .mutation(({ ctx, input }) => previewGroupMail(ctx.db, ctx.config, ctx.user, input.kind, input)),
});
