import { conversationStartInput } from "@club/shared";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type BaseSyntheticEvent, useRef, useState } from "react";
import { toast } from "sonner";
import { useSettledValue } from "../../lib/settled";
import { errorMessage, trpc } from "../../lib/trpc";
import { Dialog } from "../../ui/Dialog";
import { serverError, useZodForm } from "../../ui/form";
import { Portrait } from "../members/Portrait";
import { MessageFields } from "./MessageFields";

/** What she writes with the photo (the member is chosen from the list, the photo is the one shown). */
const withPhoto = conversationStartInput.pick({ text: true });
/** How many members the search lists at once. */
const FOUND = 8;

/**
 * "Share in a message", from a photo's details: she chooses a member (by name, from the directory),
 * writes a line, and the photo goes with it as a card (each reader sees it while she may see the
 * photo). Then the conversation opens.
 */
export function SharePhoto({
  photo,
  me,
  open,
  onOpenChange,
}: {
  photo: { id: string };
  me: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share in a message"
      description="Choose a member and write her a line: the photo goes with it."
    >
      {open ? <ShareForm photo={photo} me={me} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function ShareForm({ photo, me, onCancel }: { photo: { id: string }; me: string | undefined; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const finder = useRef<HTMLInputElement>(null);
  const settled = useSettledValue(search.trim(), 300);
  const found = useQuery({
    ...trpc.members.list.queryOptions({ search: settled || undefined, limit: FOUND + 1 }),
    placeholderData: keepPreviousData,
  });
  // Narrowed at once as she types too (the server is asked once typing pauses).
  const typed = search.trim().toLowerCase();
  const members = (found.data?.items ?? [])
    .filter((m) => m.id !== me && m.name.toLowerCase().includes(typed))
    .slice(0, FOUND);
  const [chosen, setChosen] = useState<string | null>(null);
  const [unchosen, setUnchosen] = useState(false);
  // The refusals take her to the first question unanswered (below), not the form's first field.
  const form = useZodForm(withPhoto, { defaultValues: { text: "" }, shouldFocusError: false });
  const start = useMutation(
    trpc.conversations.start.mutationOptions({
      onSuccess: async (r) => {
        toast.success(r.message);
        await queryClient.invalidateQueries({ queryKey: trpc.conversations.list.pathKey() });
        await navigate({ to: "/messages/$id", params: { id: r.id } });
      },
      onError: (err) =>
        form.setError(serverError, { message: errorMessage(err, "Your message could not be sent. Please try again.") }),
    }),
  );
  const send = form.handleSubmit(({ text }) => {
    if (chosen) start.mutate({ memberIds: [chosen], text, mediaId: photo.id });
  });
  /**
   * Both refusals at once: no member chosen, and the message's own. She is taken to the first
   * question unanswered: the search when no member is chosen. (The form's own check moved her to
   * the message a moment later, once it had ended: what she had started typing in the search went
   * into the message.)
   */
  const submit = async (e?: BaseSyntheticEvent) => {
    setUnchosen(!chosen);
    await send(e);
    if (!chosen) finder.current?.focus();
    else if (form.getFieldState("text").invalid) form.setFocus("text");
  };
  return (
    <form aria-label="Share the photo in a message" noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">To</legend>
        <input
          ref={finder}
          type="search"
          aria-label="Find a member by name"
          placeholder="Find a member by name"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="rounded-lg border border-line bg-white px-3 py-2 text-base"
        />
        <ul className="flex max-h-64 flex-col gap-1 overflow-y-auto">
          {members.map((m) => (
            <li key={m.id}>
              <label className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-plum-soft has-[:checked]:bg-plum-soft">
                <input
                  type="radio"
                  name="share-to"
                  value={m.id}
                  checked={chosen === m.id}
                  onChange={() => {
                    setChosen(m.id);
                    setUnchosen(false);
                  }}
                  className="accent-plum"
                />
                <Portrait name={m.name} portrait={m.portrait} size="sm" />
                <span>{m.name}</span>
              </label>
            </li>
          ))}
          {found.isSuccess && members.length === 0 ? (
            <li className="px-2 py-1.5 text-ink-soft">No member by that name.</li>
          ) : null}
        </ul>
        {unchosen ? (
          <p role="alert" className="text-sm text-danger">
            Choose who to write to.
          </p>
        ) : null}
      </fieldset>
      <MessageFields form={form} rows={3} sending={start.isPending} onSend={() => void submit()} onCancel={onCancel} />
    </form>
  );
}
