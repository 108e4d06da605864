import type { RouterOutputs } from "@club/api";
import { homeFormInput } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField, TextArea, TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";

type Home = RouterOutputs["homes"]["get"];

/** The time zones the browser knows, with hers first: a home's nights are days in its own. */
function timeZones(): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [own];
  return [own, ...all.filter((z) => z !== own)];
}

/** A host lists her home, or changes it: what members see, the private address, the club's rate. */
export function HomeForm({
  home,
  start,
  onDone,
}: {
  home?: Home;
  /** A new home's first values: the property she described when she applied. */
  start?: { kind: string; description: string; address: string } | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const zones = timeZones();
  const form = useZodForm(homeFormInput, {
    defaultValues: {
      title: home?.title ?? "",
      kind: home?.kind ?? start?.kind ?? "",
      description: home?.description ?? start?.description ?? "",
      region: home?.region ?? "",
      city: home?.city ?? "",
      country: home?.country ?? "",
      address: home?.address ?? start?.address ?? "",
      sleeps: home?.sleeps ?? 2,
      bedrooms: home?.bedrooms ?? 1,
      amenities: home?.amenities.join(", ") ?? "",
      house_rules: home?.house_rules ?? "",
      nightly_rate: home?.nightly_rate ?? 200,
      min_nights: home?.min_nights ?? 2,
      time_zone: home?.time_zone ?? zones[0] ?? "UTC",
      check_in: home?.check_in ?? "16:00",
      check_out: home?.check_out ?? "11:00",
    },
    keep: home ? `home-${home.id}` : "new-home",
  });
  const { errors } = form.formState;
  const options = {
    onSuccess: async () => {
      toast.success(home ? "Your home is saved." : "Your home is listed. Now open the dates members may stay.");
      await queryClient.invalidateQueries({ queryKey: trpc.homes.pathKey() });
      onDone();
    },
    onError: (err: unknown) =>
      form.setError(serverError, { message: errorMessage(err, "Your home could not be saved. Please try again.") }),
  };
  const create = useMutation(trpc.homes.create.mutationOptions(options));
  const update = useMutation(trpc.homes.update.mutationOptions(options));
  const busy = create.isPending || update.isPending;
  return (
    <form
      aria-label={home ? `Change ${home.title}` : "List a home"}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={form.handleSubmit((v) => (home ? update.mutate({ ...v, id: home.id }) : create.mutate(v)))}
    >
      <TextField label="Title" required maxLength={120} error={errors.title?.message} {...form.register("title")} />
      <TextField
        label="Type of home"
        required
        placeholder="Villa, flat, cabin…"
        maxLength={60}
        error={errors.kind?.message}
        {...form.register("kind")}
      />
      <TextField label="City" required maxLength={100} error={errors.city?.message} {...form.register("city")} />
      <TextField label="Region" maxLength={100} error={errors.region?.message} {...form.register("region")} />
      <TextField
        label="Country"
        required
        maxLength={100}
        error={errors.country?.message}
        {...form.register("country")}
      />
      <TextField
        label="Exact address"
        required
        maxLength={300}
        hint="Private: only you, administrators and a guest whose stay is accepted see it."
        error={errors.address?.message}
        {...form.register("address")}
      />
      <TextField
        type="number"
        label="Sleeps"
        required
        min={1}
        max={50}
        error={errors.sleeps?.message}
        {...form.register("sleeps")}
      />
      <TextField
        type="number"
        label="Bedrooms"
        required
        min={0}
        max={50}
        error={errors.bedrooms?.message}
        {...form.register("bedrooms")}
      />
      <TextField
        type="number"
        label="Nightly rate (USD)"
        required
        min={0}
        hint="Members pay it less their type's discount; Travel Hosts stay free."
        error={errors.nightly_rate?.message}
        {...form.register("nightly_rate")}
      />
      <TextField
        type="number"
        label="Minimum nights"
        min={1}
        max={60}
        error={errors.min_nights?.message}
        {...form.register("min_nights")}
      />
      <SelectField
        label="Time zone"
        required
        options={zones.map((z) => ({ value: z, label: z.replaceAll("_", " ") }))}
        error={errors.time_zone?.message}
        {...form.register("time_zone")}
      />
      <TextField type="time" label="Check-in from" error={errors.check_in?.message} {...form.register("check_in")} />
      <TextField type="time" label="Check-out by" error={errors.check_out?.message} {...form.register("check_out")} />
      <TextField
        label="Amenities"
        hint="Separated by commas: pool, sea view, wifi."
        error={errors.amenities?.message}
        {...form.register("amenities")}
      />
      <TextArea
        label="Description"
        className="sm:col-span-2"
        maxLength={5000}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <TextArea
        label="House rules"
        className="sm:col-span-2"
        maxLength={3000}
        error={errors.house_rules?.message}
        {...form.register("house_rules")}
      />
      {errors.root?.server?.message ? <Alert className="sm:col-span-2">{errors.root.server.message}</Alert> : null}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : home ? "Save" : "List this home"}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
