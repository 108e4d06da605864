import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type DefaultValues, type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";
import { fitsForm, keepWhileOpen, takeDraft } from "../lib/kept-drafts";
import { trpc } from "../lib/trpc";

/**
 * The one way forms work here: react-hook-form checked by a schema from @club/shared. Messages show
 * after the member presses the form's button, then follow her typing (a message goes as soon as
 * its cause is fixed). A refusal from the server is the form's root error; it goes once she
 * changes anything.
 *
 * `keep` names a form whose text is worth keeping (unique on its page; never one with a password):
 * when her session ends while it is open, what she typed is kept and put back when the form opens
 * again on that page after she signs in (lib/kept-drafts.ts).
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  { keep, ...options }: Omit<UseFormProps<Input, unknown, Output>, "resolver"> & { keep?: string } = {},
) {
  const queryClient = useQueryClient();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    ...options,
  });
  useEffect(() => {
    if (!keep) return;
    const path = window.location.pathname;
    const defaults = form.formState.defaultValues ?? {};
    const signedIn = queryClient.getQueryData(trpc.auth.status.queryKey());
    const draft = takeDraft(path, keep, signedIn?.authenticated ? signedIn.user.id : undefined);
    if (draft && fitsForm(draft, defaults)) {
      // Cast: fitsForm checked each field against its default's type, which the compiler cannot
      // carry from a draft read back from storage to the form's own value type.
      const values = { ...defaults, ...draft } as DefaultValues<Input>;
      // Put in as a change (the defaults stay), so it is kept again if the session ends once more.
      form.reset(values, { keepDefaultValues: true });
    }
    return keepWhileOpen({
      path,
      name: keep,
      values: () => {
        const values = form.getValues();
        return JSON.stringify(values) === JSON.stringify(defaults) ? undefined : values;
      },
    });
  }, [keep, form, queryClient]);
  useEffect(() => {
    const sub = form.watch(() => {
      if (form.formState.errors.root) form.clearErrors("root");
    });
    return () => sub.unsubscribe();
  }, [form]);
  return form;
}

/** The server's refusal, shown on the form until the member changes something. */
export const serverError = "root.server" as const;
