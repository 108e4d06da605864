// Prints every member as CSV (an administrator's token is needed).
import { clientFromEnv } from "./env";

const club = clientFromEnv();
const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
console.log("name,email,type,admin");
// A page answers at most 1,000 members: ask for the next until one comes back short.
for (let offset = 0; ; offset += 1000) {
  const users = await club.users.list.query({ offset, limit: 1000 });
  for (const u of users) console.log([u.name, u.email, u.type, String(u.admin)].map(quote).join(","));
  if (users.length < 1000) break;
}
