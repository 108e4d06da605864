import { type TravelDiscounts as Discounts, travelDiscountsSchema } from "@club/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/Field";
import { serverError, useZodForm } from "../../ui/form";
import { Card } from "../../ui/Page";

const TYPES = ["Founding", "Standard", "Travel Host"] as const;

/**
 * Each member type's discount on the nightly rate of members' homes (Travel). A stay keeps the
 * price it was asked with, so a change reaches new requests only.
 */
export function TravelDiscounts({ discounts }: { discounts: Discounts }) {
  const queryClient = useQueryClient();
  const form = useZodForm(travelDiscountsSchema, { defaultValues: discounts });
  const { errors } = form.formState;
  const save = useMutation(
    trpc.clubSettings.update.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.clubSettings.get.queryKey(), next);
        form.reset(next.travelDiscounts);
        toast.success("The travel discounts are saved. New requests use them; stays already asked for keep theirs.");
      },
      onError: (err) =>
        form.setError(serverError, {
          message: errorMessage(err, "The discounts could not be saved. Please try again."),
        }),
    }),
  );
  return (
    <Card className="max-w-3xl">
      <h2 className="text-2xl text-plum">Travel discounts</h2>
      <p className="mt-2 text-sm text-ink-soft">
        What each member type takes off a home's nightly rate. The Membership page promises Travel Hosts free stays,
        Founding members 80% off and Standard members 50% off.
      </p>
      <form
        aria-label="Travel discounts"
        noValidate
        className="mt-5 grid gap-4 sm:grid-cols-3"
        onSubmit={form.handleSubmit((travelDiscounts) => save.mutate({ travelDiscounts }))}
      >
        {TYPES.map((type) => (
          <TextField
            key={type}
            type="number"
            label={`${type} (%)`}
            min={0}
            max={100}
            required
            error={errors[type]?.message}
            {...form.register(type)}
          />
        ))}
        {errors.root?.server?.message ? <Alert className="sm:col-span-3">{errors.root.server.message}</Alert> : null}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving…" : "Save discounts"}
          </Button>
        </div>
      </form>
    </Card>
  );
}
