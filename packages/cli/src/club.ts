import { Command } from "commander";
// Inlined by the build: the version printed is the one packed in the manifest.
import manifest from "../package.json" with { type: "json" };
import { registerAuditCommand } from "./commands/audit";
import { registerDbCommands } from "./commands/db";
import { registerInviteCodeCommands } from "./commands/invite-code";
import { registerJobCommands } from "./commands/jobs";
import { registerMailCommands } from "./commands/mail";
import { registerTokenCommands } from "./commands/token";
import { registerUserCommands } from "./commands/user";
import { registerWebhookCommands } from "./commands/webhook";

export function buildProgram(): Command {
  const program = new Command("club")
    .description("Run and administer the club application.")
    .version(manifest.version, "-V, --version", "print the CLI's version")
    .option("--url <url>", "work against a running server (with --token) instead of the database; or CLUB_URL")
    .option("--token <token>", "an administrator's API token (Settings → API tokens); or CLUB_TOKEN")
    // --url and --token go before the command (club --url … --token … seed …): after it, an
    // option is the command's own (`club webhook add --url` is the endpoint's address).
    .enablePositionalOptions()
    .showHelpAfterError()
    .addHelpText(
      "after",
      "\nOn the database (same configuration as the server: DATABASE_URL, DATA_DIR):\n  club migrate\n  club seed --demo\n\nAgainst a running server:\n  club --url https://club.example.com --token club_… seed --file seed.yaml\n\nExit codes: 0 done, 1 usage mistake, 2 failure.",
    );
  registerDbCommands(program);
  registerUserCommands(program);
  registerInviteCodeCommands(program);
  registerMailCommands(program);
  registerJobCommands(program);
  registerTokenCommands(program);
  registerAuditCommand(program);
  registerWebhookCommands(program);
  return program;
}
