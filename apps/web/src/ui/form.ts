import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { fitsForm, keepWhileOpen, takeDraft } from "../lib/kept-drafts";
import { trpc } from "../lib/trpc";

/**
 * The one way forms work here: react-hook-form checked by a schema from @club/shared. Messages show
 * after the member presses the form's button, then follow her typing (a message goes as soon as
 * its cause is fixed). A refusal from the server is the form's root error; it goes once she
 * changes anything.
 *
 * A field's value arrives with the page: `register` gives each field its default as the HTML's own
 * value (`defaultValue`, or `defaultChecked` for a yes/no box), so a page rendered on the server
 * shows the values the route's loader read, not empty fields that fill in once the app takes the
 * page over. What was typed (or filled in by the browser) before then differs from that value and
 * is kept: react-hook-form takes a field edited before the form is ready as it is. Checkboxes that
 * share one name (a list) are not given a state: the caller sets `checked` or `defaultChecked`.
 *
 * `keep` names a form whose text is worth keeping (unique on its page; never one with a password):
 * when the page is reloaded or left, or her session ends while it is open, what she typed is kept
 * and put back when the form opens again on that page (after she signs in) (lib/kept-drafts.ts).
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
  // The same form object (react-hook-form keeps it for the component's life) with the register
  // below: still every form react-hook-form's own types accept.
  const register = useMemo(() => withValueInHtml(form), [form]);
  const zodForm: ZodForm<Input, Output> = Object.assign(form, { register });
  useEffect(() => {
    const sub = form.watch(() => {
      if (form.formState.errors.root) form.clearErrors("root");
    });
    return () => sub.unsubscribe();
  }, [form]);
  return zodForm;
}

/** What the HTML carries of a field's value: the server's page shows it before any script runs. */
type ValueInHtml = { defaultValue?: string | number; defaultChecked?: boolean };

export type ZodFormRegister<Input extends FieldValues> = <Name extends FieldPath<Input>>(
  name: Name,
  options?: RegisterOptions<Input, Name>,
) => UseFormRegisterReturn<Name> & ValueInHtml;

export type ZodForm<Input extends FieldValues, Output extends FieldValues> = Omit<
  UseFormReturn<Input, unknown, Output>,
  "register"
> & { register: ZodFormRegister<Input> };

/** react-hook-form's `register`, and the field's default as the element's own value. */
function withValueInHtml<Input extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Input, unknown, Output>,
): ZodFormRegister<Input> {
  // The control's own register: the form's is replaced by this one.
  const { register } = form.control;
  return (name, options) => {
    const props = register(name, options);
    // Read at each render: a reset gives the form new defaults, and the element's default follows.
    const value: unknown = get(form.formState.defaultValues, name);
    if (typeof value === "string" || typeof value === "number") return { ...props, defaultValue: value };
    if (typeof value === "boolean") return { ...props, defaultChecked: value };
    return props;
  };
}

/** The server's refusal, shown on the form until the member changes something. */
export const serverError = "root.server" as const;
