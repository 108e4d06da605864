import type { RouterOutputs } from "@club/api";
import { stayRequestInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextArea, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { money, nightsOf, plural } from "./money";

type Home = RouterOutputs["homes"]["get"];
const requestFields = stayRequestInput.omit({ homeId: true });

/**
 * Her request: the dates (days in the home's own time zone, whatever her browser's), guests and a
 * message to the host, with her price worked out as she types, before she asks.
 */
export function StayRequestForm({
  home,
  dates,
}: {
  home: Home;
  dates: { arrive?: string; depart?: string; guests?: number };
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(requestFields, {
    defaultValues: { arrive: dates.arrive ?? "", depart: dates.depart ?? "", guests: dates.guests ?? 1, message: "" },
    keep: "stay-request",
  });
  const { errors } = form.formState;
  const nights = nightsOf(form.watch("arrive"), form.watch("depart"));
  const ask = useMutation(
    trpc.stays.request.mutationOptions({
      onSuccess: async () => {
        toast.success(`Your request is sent to ${home.host_name}. We will tell you her answer.`);
        await queryClient.invalidateQueries({ queryKey: trpc.stays.pathKey() });
        await navigate({ to: "/travel/trips" });
      },
      onError: (err) =>
        form.setError(serverError, { message: errorMessage(err, "Your request could not be sent. Please try again.") }),
    }),
  );
  return (
    <form
      aria-label="Ask to stay"
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((v) => ask.mutate({ ...v, homeId: home.id }))}
    >
      <div className="grid grid-cols-2 gap-3">
        <TextField type="date" label="Arrive" required error={errors.arrive?.message} {...form.register("arrive")} />
        <TextField type="date" label="Depart" required error={errors.depart?.message} {...form.register("depart")} />
      </div>
      <p className="-mt-2 text-xs text-ink-soft">
        Arrive from {home.check_in}, leave by {home.check_out}. Days and times are the home's own ({home.time_zone}).
      </p>
      <TextField
        type="number"
        label="Guests"
        min={1}
        max={home.sleeps}
        required
        hint={`Up to ${home.sleeps}.`}
        error={errors.guests?.message}
        {...form.register("guests")}
      />
      <TextArea
        label={`A message to ${home.host_name}`}
        maxLength={2000}
        error={errors.message?.message}
        {...form.register("message")}
      />
      <dl
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg bg-paper-deep p-4 text-sm"
        aria-label="Your price"
      >
        <dt>Nightly rate</dt>
        <dd className="text-right">{money(home.nightly_rate)}</dd>
        <dt>Your discount ({home.your_discount === 100 ? "Travel Hosts stay free" : `${home.your_discount}%`})</dt>
        <dd className="text-right">{money(home.your_rate)} a night</dd>
        <dt className="font-medium text-ink">
          {nights ? `${plural(nights, "night")}, your contribution` : "Your contribution"}
        </dt>
        <dd className="text-right font-medium text-ink">
          {nights ? money(home.your_rate * nights) : "Choose your dates"}
        </dd>
      </dl>
      {errors.root?.server?.message ? <Alert>{errors.root.server.message}</Alert> : null}
      <Button type="submit" disabled={ask.isPending}>
        {ask.isPending ? "Sending…" : "Ask to stay"}
      </Button>
    </form>
  );
}
