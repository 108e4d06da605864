// Starts the built server on a data directory of its own (one per worker: E2E_SERVER_INDEX), emptied
// first, so every run begins with the first-start demo data. Mail goes over real SMTP to a small sink in this process,
// which writes each message as JSON for the specs to read (see mail.ts).
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const dataDir = fileURLToPath(new URL(`./.e2e-data/${process.env.E2E_SERVER_INDEX ?? "0"}`, import.meta.url));
const mailDir = `${dataDir}/mail`;
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(mailDir, { recursive: true });

let count = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, _session, done) {
    simpleParser(stream).then((mail) => {
      const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
      const record = {
        to: to.map((a) => a.address),
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments.map((a) => a.filename),
        // The List-* lines as sent (mailparser also parses them, into a shape of its own).
        headers: Object.fromEntries(
          mail.headerLines
            .filter((l) => l.key.startsWith("list-"))
            .map((l) => [l.key, l.line.replace(/^[^:]+:\s*/, "").replace(/\r?\n\s+/g, " ")]),
        ),
      };
      // Written aside and renamed into place: a spec polling the directory must never read a
      // message half-written (it once read an empty file and failed on the JSON).
      const name = `${mailDir}/${Date.now()}-${String(++count).padStart(6, "0")}`;
      writeFileSync(`${name}.part`, JSON.stringify(record));
      renameSync(`${name}.part`, `${name}.json`);
      done();
    }, done);
  },
});
// A free port, not a fixed one: two runs on one machine must not collide.
await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));

process.env.DATA_DIR = dataDir;
process.env.SMTP_URL = `smtp://127.0.0.1:${sink.server.address().port}`;
await import("../apps/server/dist/main.js");
