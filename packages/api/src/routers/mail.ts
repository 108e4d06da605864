import { z } from "zod";
import { groupMailContent } from "../domain/recipients";
import { memberProcedure, router } from "../trpc";

export const mailRouter = router({
  /**
   * The composer's preview (group e-mail, event announcements): the message exactly as it would be
   * sent, sanitised by the server's one allowlist and laid out, with its plain-text part. It sends
   * nothing and stores nothing, so any member may ask; who may send is decided where it is sent.
   * A mutation, because a body of up to 200,000 characters does not fit in a URL.
   */
  preview: memberProcedure
    .input(
      z.object({
        subject: z.string().max(300, "The subject is too long."),
        body: z.string().max(200_000, "The message is too long."),
      }),
    )
    .mutation(({ input }) => groupMailContent(input.subject, input.body)),
});
