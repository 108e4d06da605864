import { IDEMPOTENCY_KEY_CONTEXT } from "@club/client";
import {
  isRowId,
  isWebhookEventType,
  unknownWebhookEvents,
  type WebhookEventType,
  webhookEventTypeNames,
} from "@club/shared";
import { type Command, InvalidArgumentError } from "commander";
import { CommandFailed, countUpTo, print, remoteOf, withOperatorApi } from "../context";

const webhookId = (id: string) => {
  if (!isRowId(id)) throw new CommandFailed(`"${id}" is not a webhook id; see club webhook list.`);
  return id;
};

/** `--events a,b`: each a name the club has, or the usage error names those that are not. */
function eventsOf(value: string): WebhookEventType[] {
  const names = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isWebhookEventType(n));
  if (unknown.length) throw new InvalidArgumentError(unknownWebhookEvents(unknown));
  return names.filter(isWebhookEventType);
}

/**
 * The club's webhooks (Admin Panel → Webhooks): on the database when it is free, through the
 * running server when it holds the embedded database, or on a remote server with --url and --token
 * (an "admin" token to add or remove).
 */
export function registerWebhookCommands(program: Command): void {
  const webhook = program
    .command("webhook")
    .description("the club's webhooks: other systems told of what happens here, signed (Standard Webhooks)");
  webhook
    .command("add")
    .description("add an endpoint; prints its signing secret, shown this once")
    .requiredOption("--url <url>", "where to post: https://… (http:// only where WEBHOOK_ALLOW_PRIVATE is set)")
    .requiredOption("--events <list>", `comma-separated, of: ${webhookEventTypeNames.join(", ")}`, eventsOf)
    .requiredOption("--name <name>", "what the Admin Panel calls it")
    .option("--json", "print the endpoint and its secret as JSON")
    .option(
      "--idempotency-key <key>",
      "against a server (CLUB_URL): a key of yours, the same on each try; a retry adds nothing and prints the first answer",
    )
    .addHelpText(
      "after",
      "\nExample:\n  club webhook add --url https://crm.example.com/club-hooks --events event.created,event.updated --name CRM",
    )
    .action(
      async (
        opts: { url: string; events: WebhookEventType[]; name: string; json?: boolean; idempotencyKey?: string },
        command: Command,
      ) => {
        if (opts.idempotencyKey && !remoteOf(command))
          throw new CommandFailed(
            "--idempotency-key is for a server: give --url and --token (or CLUB_URL and CLUB_TOKEN).",
          );
        await withOperatorApi(command, async (api) => {
          // A CI job that retries the command: the server adds one endpoint, and answers the retry
          // with the first answer, its secret included (the key is the server's Idempotency-Key).
          const keyed = opts.idempotencyKey
            ? { context: { [IDEMPOTENCY_KEY_CONTEXT]: opts.idempotencyKey } }
            : undefined;
          const { webhook: added, secret } = await api.webhooks.add.mutate(
            { url: opts.url, events: opts.events, name: opts.name },
            keyed,
          );
          if (opts.json) return print(JSON.stringify({ ...added, secret }, null, 2));
          print(`Added the webhook "${added.name}" (${added.id}), posting ${added.events.join(", ")} to ${added.url}.`);
          print(`Signing secret (shown this once; give it to the receiver to check each message):\n${secret}`);
        });
      },
    );
  webhook
    .command("list")
    .description("every endpoint, with its events and what waits or failed")
    .option("--json", "print JSON")
    .action(async (opts: { json?: boolean }, command: Command) => {
      await withOperatorApi(command, async (api) => {
        const list = await api.webhooks.list.query();
        if (opts.json) return print(JSON.stringify(list, null, 2));
        if (list.length === 0) return print("No webhooks. Add one with club webhook add.");
        for (const w of list) {
          const state =
            w.pausedBecause === "failing" && w.pausedAt
              ? `paused by the club after three days of failures, since ${w.pausedAt.toISOString()}`
              : w.pausedAt
                ? `paused since ${w.pausedAt.toISOString()}`
                : w.failingSince
                  ? `failing since ${w.failingSince.toISOString()}`
                  : w.failedTries > 0
                    ? `${w.failedTries} ${w.failedTries === 1 ? "try" : "tries"} failed in a row`
                    : "answering";
          print(`${w.id}  ${w.name}  ${w.url}`);
          print(`  ${w.events.join(", ")}; ${state}; ${w.pending} waiting, ${w.failed} failed`);
        }
      });
    });
  webhook
    .command("deliveries <id>")
    .description("an endpoint's messages, newest first: each one's state, tries and last answer")
    .option("--limit <n>", "how many (1 to 100)", countUpTo(100), 20)
    .option("--json", "print JSON")
    .action(async (id: string, opts: { limit: number; json?: boolean }, command: Command) => {
      await withOperatorApi(command, async (api) => {
        const { items } = await api.webhooks.deliveries.query({ id: webhookId(id), limit: opts.limit });
        if (opts.json) return print(JSON.stringify(items, null, 2));
        if (items.length === 0) return print("No messages yet.");
        for (const d of items) {
          const tries = `${d.attempts} ${d.attempts === 1 ? "try" : "tries"}`;
          const next = d.status === "pending" ? `, next ${d.dueAt.toISOString()}` : "";
          print(`${d.id}  ${d.createdAt.toISOString()}  ${d.type}  ${d.status} (${tries}${next})`);
          if (d.lastError) print(`  ${d.lastError}`);
        }
      });
    });
  webhook
    .command("redeliver <delivery-id>")
    .description("post a failed or delivered message again, with a new round of tries (see club webhook deliveries)")
    .action(async (deliveryId: string, _opts, command: Command) => {
      if (!isRowId(deliveryId))
        throw new CommandFailed(`"${deliveryId}" is not a message id; see club webhook deliveries <id>.`);
      await withOperatorApi(command, async (api) =>
        print((await api.webhooks.redeliver.mutate({ id: deliveryId })).message),
      );
    });
  webhook
    .command("ping <id>")
    .description("send an endpoint a test message (webhook.ping), signed as the others, behind its waiting ones")
    .action(async (id: string, _opts, command: Command) => {
      await withOperatorApi(command, async (api) =>
        print((await api.webhooks.ping.mutate({ id: webhookId(id) })).message),
      );
    });
  webhook
    .command("rotate <id>")
    .description("give an endpoint a new signing secret; the old one signs beside it for a day")
    .action(async (id: string, _opts, command: Command) => {
      await withOperatorApi(command, async (api) => {
        const { webhook: w, secret, previousUntil } = await api.webhooks.rotateSecret.mutate({ id: webhookId(id) });
        print(`New signing secret of the webhook "${w.name}" (shown this once; give it to the receiver):\n${secret}`);
        print(`The old secret signs each message beside it until ${previousUntil.toISOString()}.`);
      });
    });
  webhook
    .command("retry <id>")
    .description(
      "post an endpoint's waiting messages now (once its receiver is mended), each with a new round of tries",
    )
    .action(async (id: string, _opts, command: Command) => {
      await withOperatorApi(command, async (api) =>
        print((await api.webhooks.retryNow.mutate({ id: webhookId(id) })).message),
      );
    });
  for (const [name, paused] of [
    ["pause", true],
    ["resume", false],
  ] as const) {
    webhook
      .command(`${name} <id>`)
      .description(
        paused
          ? "pause an endpoint: its messages wait, in order, until it is resumed"
          : "resume a paused endpoint: its waiting messages go at once",
      )
      .action(async (id: string, _opts, command: Command) => {
        await withOperatorApi(command, async (api) => {
          const w = await api.webhooks.pause.mutate({ id: webhookId(id), paused });
          print(
            paused
              ? `Paused the webhook "${w.name}": ${w.pending} waiting.`
              : `Resumed the webhook "${w.name}": ${w.pending} waiting go now.`,
          );
        });
      });
  }
  webhook
    .command("remove <id>")
    .description("remove an endpoint, with its messages and their log")
    .action(async (id: string, _opts, command: Command) => {
      await withOperatorApi(command, async (api) =>
        print((await api.webhooks.remove.mutate({ id: webhookId(id) })).message),
      );
    });
}
