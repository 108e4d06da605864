import { conversationMembers, conversations, type Queryable } from "@club/db";
import { formatStayDates } from "@club/shared";
import { whyNotWriteTo } from "../access";
import { stayRow } from "../travel/views";
import { BEFORE_ANY_MESSAGE, writeMessage } from "./write";

/**
 * A stay request opens a conversation between its guest and the home's host, so that questions
 * before and after the stay live in one place: its first message is the guest's, naming the home
 * and the nights, with what she wrote to the host. Written in the request's transaction. Where one
 * of them blocked the other, there is none (the request itself is Travel's to allow).
 */
export async function openStayConversation(db: Queryable, stayId: string): Promise<string | null> {
  const row = await stayRow(db, stayId);
  const guest = row.stay.guestId;
  if (guest === row.hostId) return null;
  if (await whyNotWriteTo(db, { id: guest, admin: false }, [row.hostId], false)) return null;
  const [conversation] = await db
    .insert(conversations)
    .values({ startedBy: guest, stayId })
    .returning({ id: conversations.id });
  if (!conversation) throw new Error("The stay's conversation was not written.");
  await db.insert(conversationMembers).values(
    [guest, row.hostId].map((userId) => ({
      conversationId: conversation.id,
      userId,
      readUpTo: BEFORE_ANY_MESSAGE,
      mailedUpTo: BEFORE_ANY_MESSAGE,
    })),
  );
  const when = formatStayDates(row.stay.arrive, row.stay.depart, row.stay.nights);
  const note = row.stay.message.trim();
  const text = `I asked to stay at ${row.homeTitle}, ${when}.${note ? `\n\n${note}` : ""}`;
  await writeMessage(db, guest, conversation.id, text.slice(0, 4000), null);
  return conversation.id;
}
