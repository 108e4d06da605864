import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import type { z } from "zod";

/**
 * The one way forms work here: react-hook-form checked by a schema from @club/shared. Messages show
 * after the member presses the form's button, then follow her typing (a message goes as soon as
 * its cause is fixed). A refusal from the server is the form's root error; it goes once she
 * changes anything.
 */
export function useZodForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, "resolver"> = {},
) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    ...options,
  });
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
