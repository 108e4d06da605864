import { registrationForm } from "@club/shared";
import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { toast } from "sonner";
import { NewPasswordFields } from "../features/auth/NewPasswordFields";
import { errorCode, errorMessage, trpc } from "../lib/trpc";
import { Alert } from "../ui/Alert";
import { Button } from "../ui/Button";
import { SelectField, TextField } from "../ui/Field";
import { serverError, useZodForm } from "../ui/form";
import { Card, Page } from "../ui/Page";

type Invitation = { email: string; name: string; type: "Founding" | "Standard" | "Travel Host" };

function RegistrationForm({ token, invitation }: { token: string; invitation: Invitation }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(registrationForm, {
    defaultValues: { name: invitation.name, type: invitation.type, newPassword: "", confirm: "" },
  });
  const { errors } = form.formState;
  const register = useMutation(
    trpc.registration.register.mutationOptions({
      // The server has signed her in (the link proved her e-mail): she goes straight to her club.
      onSuccess: async () => {
        // The link is used up: asking again must not show the form from the cache.
        queryClient.removeQueries({ queryKey: trpc.registration.validateToken.queryKey({ token }) });
        // What was asked as a visitor (the session, the header's menu) is asked again as her.
        await queryClient.resetQueries();
        toast.success("Your account is ready. Welcome to the club!");
        await navigate({ to: "/member-home" });
      },
      onError: (err) =>
        form.setError(serverError, {
          message: errorCode(err)
            ? errorMessage(err, "Error creating account.")
            : "Error creating account. Please try again later.",
        }),
    }),
  );

  return (
    <Card>
      <form
        onSubmit={form.handleSubmit(({ name, type, newPassword }) =>
          register.mutate({ token, name, type, password: newPassword }),
        )}
        className="flex flex-col gap-5"
        noValidate
      >
        <TextField label="Email" value={invitation.email} readOnly />
        <TextField label="Name" required autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <SelectField
          label="Account type"
          required
          hint="The membership you were accepted for."
          options={[{ value: invitation.type, label: invitation.type }]}
          error={errors.type?.message}
          {...form.register("type")}
        />
        <NewPasswordFields
          register={form.register}
          errors={errors}
          labels={{ password: "Password", confirm: "Confirm password" }}
        />
        {errors.root?.server ? <Alert>{errors.root.server.message}</Alert> : null}
        <Button type="submit" disabled={register.isPending}>
          Create account
        </Button>
      </form>
    </Card>
  );
}

export const Route = createFileRoute("/register/$token")({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(
      context.trpc.registration.validateToken.queryOptions({ token: params.token }),
    );
  },
  pendingComponent: () => <Page title="Create your account" lead="Checking your invitation…" width="narrow" />,
  errorComponent: ({ error }) => (
    <Page title="Create your account" width="narrow">
      <Alert>
        {errorCode(error) === "NOT_FOUND"
          ? "Invalid or expired token. Please request a new invitation."
          : "Error verifying token. Please try again later."}
      </Alert>
    </Page>
  ),
  component: function RegisterPage() {
    const { token } = Route.useParams();
    const { data: invitation } = useSuspenseQuery(trpc.registration.validateToken.queryOptions({ token }));
    return (
      <Page title="Create your account" lead="Welcome to the club." width="narrow">
        <RegistrationForm token={token} invitation={invitation} />
      </Page>
    );
  },
});
