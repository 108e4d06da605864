import { memberTypes } from "@club/shared";
import { type Command, Option } from "commander";
import { remoteApi } from "../api";
import { print, remoteOf, withDb } from "../context";

type Opts = {
  email: string;
  password: string;
  name: string;
  type: (typeof memberTypes)[number];
  admin: boolean;
  json?: boolean;
};

export function registerUserCommands(program: Command): void {
  const user = program.command("user").description("manage member accounts");
  user
    .command("create")
    .description("create a member account")
    .requiredOption("--email <email>", "e-mail address (sign-in name)")
    .requiredOption("--password <password>", "password, 6 to 30 characters")
    .requiredOption("--name <name>", "full name")
    .addOption(new Option("--type <type>", "member type").choices(memberTypes).default("Standard"))
    .option("--admin", "make the member an administrator", false)
    .option("--json", "print the account as JSON")
    .addHelpText(
      "after",
      '\nExample:\n  club user create --email ada@example.com --password "s3cret!" --name "Ada Lovelace" --type Founding --admin',
    )
    .action(async ({ json, ...input }: Opts, command: Command) => {
      const remote = remoteOf(command);
      const created = remote
        ? await remoteApi(remote.url, remote.token).users.create.mutate(input)
        : await withDb(async (h) => {
            const { createMemberAsAdmin, operatorActor } = await import("@club/api");
            return createMemberAsAdmin(h.db, input, operatorActor);
          });
      if (json) return print(JSON.stringify(created));
      print(`Created ${created.email} (${created.type}${created.admin ? ", admin" : ""}), id ${created.id}`);
    });
}
