import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "../../ui/Field";

type WithNewPassword = { newPassword: string; confirm: string };

/** A new password and its confirmation: registration, password reset and Settings share them. */
export function NewPasswordFields<T extends WithNewPassword>({
  register,
  errors,
  labels = { password: "New password", confirm: "Confirm new password" },
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  labels?: { password: string; confirm: string };
}) {
  const reg = register as unknown as UseFormRegister<WithNewPassword>;
  const errs = errors as FieldErrors<WithNewPassword>;
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="6 to 30 characters."
        required
        error={errs.newPassword?.message}
        {...reg("newPassword")}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        required
        error={errs.confirm?.message}
        {...reg("confirm")}
      />
    </>
  );
}
