// Prints every member as CSV (an administrator's token is needed).
import { clientFromEnv } from "./env";

const club = clientFromEnv();
const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const users = await club.users.list.query();
console.log("name,email,type,admin");
for (const u of users) console.log([u.name, u.email, u.type, String(u.admin)].map(quote).join(","));
