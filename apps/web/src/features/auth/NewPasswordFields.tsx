import type { UseFormRegisterReturn } from "react-hook-form";
import { TextField } from "../../ui/Field";

type Field = "newPassword" | "confirm";

/**
 * A new password and its confirmation: registration, password reset and Settings share them.
 * Any form with these two fields passes its own `register` and `errors`.
 */
export function NewPasswordFields({
  register,
  errors,
  labels = { password: "New password", confirm: "Confirm new password" },
}: {
  register: (name: Field) => UseFormRegisterReturn<Field>;
  errors: { [F in Field]?: { message?: string } };
  labels?: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        hint="6 to 30 characters."
        required
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <TextField
        label={labels.confirm}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm?.message}
        {...register("confirm")}
      />
    </>
  );
}
