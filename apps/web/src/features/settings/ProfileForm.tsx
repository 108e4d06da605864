import { memberTypes, messages } from "@club/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { errorMessage, trpc } from "../../lib/trpc";
import { Alert } from "../../ui/Alert";
import { Button } from "../../ui/Button";
import { SelectField, TextField } from "../../ui/Field";
import { Card } from "../../ui/Page";

/** Name, and for admins their own member Type (SPEC.md, Settings). */
export function ProfileForm() {
  const me = useQuery(trpc.auth.me.queryOptions());
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [type, setType] = useState("");
  const [result, setResult] = useState<{ ok: boolean; text: string }>();
  useEffect(() => {
    if (me.data) {
      setName(me.data.name);
      setType(me.data.type);
    }
  }, [me.data]);
  const save = useMutation(
    trpc.auth.updateUser.mutationOptions({
      onSuccess: async () => {
        setResult({ ok: true, text: messages.userUpdated });
        await queryClient.invalidateQueries({ queryKey: trpc.auth.pathKey() });
      },
      onError: (err) =>
        setResult({ ok: false, text: `${messages.userUpdateFailed}: ${errorMessage(err, "please try again.")}` }),
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!me.data) return;
    if (!name.trim()) return setResult({ ok: false, text: "Name is required." });
    save.mutate({ name, type: type as (typeof memberTypes)[number], admin: me.data.admin });
  }

  return (
    <Card>
      <h2 className="text-2xl text-plum">Your details</h2>
      <form onSubmit={submit} className="mt-5 flex flex-col gap-5">
        <TextField label="Email" value={me.data?.email ?? ""} readOnly disabled />
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={100} />
        {me.data?.admin ? (
          <SelectField
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value)}
            options={memberTypes.map((t) => ({ value: t, label: t }))}
          />
        ) : (
          <p className="text-sm text-ink-soft">Member type: {me.data?.type}</p>
        )}
        {result ? <Alert tone={result.ok ? "success" : "error"}>{result.text}</Alert> : null}
        <Button type="submit" disabled={save.isPending || !me.data} className="self-start">
          Save details
        </Button>
      </form>
    </Card>
  );
}
