import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { SessionUser } from "@club/auth";
import { rowsOf, webhookDeliveries, webhookEndpoints } from "@club/db";
import { sql } from "@club/db/orm";
import { type WebhookEventType, webhookMessageSchema, webhookMessageTypeNames } from "@club/shared";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { z } from "zod";
import { deliverWebhooks } from "../domain/webhooks/deliver";
import { type TestApi, testApi } from "./api";

/** What the receiver was sent: a POST's headers and body. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers a POST; status 0 never answers. */
export interface ReceiverAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * Checks a message against its type's schema in the OpenAPI document's `webhooks`, refusing any
 * field the schema does not name (a field added to a message must be added to its schema).
 */
export function expectContract(payload: unknown): void {
  const type = z.object({ type: z.enum(webhookMessageTypeNames) }).parse(payload).type;
  const message = webhookMessageSchema(type);
  message.extend({ data: message.shape.data.strict() }).strict().parse(payload);
}

/** What a delivery tells the admins by: the club's address and time zone, as the api has them. */
const clubOf = (api: TestApi) => {
  const { appOrigin, timeZone } = api.contextFor(null).config;
  return { appOrigin, timeZone };
};

/**
 * The webhook tests' world: a receiver on this machine that answers each POST as `answers` says, in
 * turn (the last one from then on), an admin and a member on a test api, and the calls the tests
 * make. Each test starts with no endpoint, nothing received and a receiver that answers 204.
 */
export function webhookKit() {
  let server: Server;
  const kit = {
    api: undefined as unknown as TestApi,
    admin: undefined as unknown as SessionUser,
    ann: undefined as unknown as SessionUser,
    /** The receiver's address. */
    url: "",
    received: [] as Received[],
    answers: [{ status: 204 }] as ReceiverAnswer[],
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        kit.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        const answer = kit.answers.length > 1 ? kit.answers.shift() : kit.answers[0];
        if (answer?.status === 0) return; // never answers
        res.writeHead(answer?.status ?? 204, answer?.headers).end(answer?.body ?? "");
      });
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    kit.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    kit.api = await testApi();
    kit.admin = await kit.api.member("ada@hooks.test", { admin: true, name: "Ada Admin" });
    kit.ann = await kit.api.member("ann@hooks.test", { name: "Ann", type: "Founding" });
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
    await checkWritten();
    await kit.api.close();
  });
  /** Every message the last test made is what the published contract says, field for field. */
  const checkWritten = async () => {
    const written = await kit.api.db.select({ payload: webhookDeliveries.payload }).from(webhookDeliveries);
    for (const { payload } of written) expectContract(payload);
  };
  beforeEach(async () => {
    kit.received = [];
    kit.answers = [{ status: 204 }];
    await checkWritten();
    await kit.api.db.delete(webhookEndpoints);
  });

  /** An admin's caller on a server where webhooks may post to this machine (WEBHOOK_ALLOW_PRIVATE). */
  const adminHere = () => {
    const ctx = kit.api.contextFor(kit.admin);
    return kit.api.callerFor(kit.admin, { config: { ...ctx.config, webhookAllowPrivate: true } });
  };
  return {
    kit,
    adminHere,
    add: (events: WebhookEventType[], url = kit.url) => adminHere().webhooks.add({ name: "CRM", url, events }),
    /** Runs the endpoint's delivery job as a server would, at `at`. */
    deliver: (endpointId: string, at = new Date()) =>
      deliverWebhooks(
        { ...clubOf(kit.api), db: kit.api.db, jobs: kit.api.jobs, allowPrivate: true, now: () => at },
        endpointId,
      ),
    later: (ms: number) => new Date(Date.now() + ms),
    log: async (endpointId: string) => (await adminHere().webhooks.deliveries({ id: endpointId })).items,
    newEvent: (title: string) =>
      kit.api.callerFor(kit.ann).events.create({ title, description: "Tea and talk", event_date: "2031-05-06" }),
    /** The endpoint's delivery jobs still to run, with when each may start. */
    waitingJobs: async (endpointId: string) =>
      rowsOf(
        await kit.api.db.execute(
          sql`select start_after from pgboss.job where name = 'webhook.deliver' and singleton_key = ${endpointId} and state = 'created'`,
        ),
        z.object({ start_after: z.coerce.date() }),
      ),
  };
}
