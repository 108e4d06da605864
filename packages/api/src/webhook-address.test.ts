import { describe, expect, it } from "vitest";
import { guardedLookup, privateRange, webhookUrlProblem } from "./domain/webhooks/post";

// The webhook address guard: which addresses an endpoint may have, checked when it is added and
// again as each connection is made. Adding endpoints and delivery are in webhooks.test.ts.
describe("the address guard", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.1.2.3", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["fe80::1", "linkLocal"],
    // IPv4 inside IPv6: mapped is read as the IPv4 address it carries; the others are refused whole.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:10.1.1.1", "private"],
    ["2002:7f00:1::1", "6to4"],
    ["64:ff9b::a00:1", "rfc6052"],
    ["2001::1", "teredo"],
    // The same forms with other addresses inside, and the prefixes' other shapes.
    ["2002:a00:1::1", "6to4"],
    ["64:ff9b::7f00:1", "rfc6052"],
    ["64:ff9b:1::a00:1", "rfc6052"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["::ffff:0:7f00:1", "rfc6145"],
    // IPv4-compatible (::/96, deprecated): refused whole, whichever way it is written. The URL
    // writes it in hex, Node writes a resolved one dotted.
    ["::7f00:1", "ipv4Compatible"],
    ["::127.0.0.1", "ipv4Compatible"],
    ["0:0:0:0:0:0:127.0.0.1", "ipv4Compatible"],
    ["::a00:1", "ipv4Compatible"],
    ["::a9fe:a9fe", "ipv4Compatible"],
    ["::808:808", "ipv4Compatible"],
    ["::8.8.8.8", "ipv4Compatible"],
    ["::2", "ipv4Compatible"],
    ["::ffff", "ipv4Compatible"],
    // Discard-only (RFC 6666).
    ["100::1", "discard"],
    ["100::ffff:ffff:ffff:ffff", "discard"],
  ])("refuses %s (%s)", (address, range) => {
    expect(privateRange(address)).toBe(range);
  });

  it.each([
    "93.184.215.14",
    "8.8.8.8",
    "2606:4700:4700::1111",
    // IPv4-mapped is read as the IPv4 address it carries: a public one is public.
    "::ffff:8.8.8.8",
    // In 2001::/16 but outside Teredo's 2001::/32.
    "2001:4860:4860::8888",
    // Just past ::/96 and 100::/64.
    "::1:0:0",
    "100:0:0:1::1",
  ])("allows the public address %s", (address) => {
    expect(privateRange(address)).toBeUndefined();
  });

  it("says what is wrong with an address an endpoint may not have", () => {
    expect(webhookUrlProblem("https://crm.example.com/hooks", false)).toBeUndefined();
    expect(webhookUrlProblem("crm.example.com", false)).toMatch(/full address/);
    expect(webhookUrlProblem("http://crm.example.com/hooks", false)).toBe(
      "The address must start with https:// (plain http:// only where WEBHOOK_ALLOW_PRIVATE is set).",
    );
    expect(webhookUrlProblem("ftp://crm.example.com", true)).toBe("The address must start with https:// or http://.");
    expect(webhookUrlProblem("https://10.0.0.8/hooks", false)).toMatch(
      /10\.0\.0\.8 is inside a private network \(private\)/,
    );
    expect(webhookUrlProblem("https://[::1]:8443/", false)).toMatch(/::1 is inside a private network \(loopback\)/);
    expect(webhookUrlProblem("https://localhost/", false)).toMatch(/this machine/);
    expect(webhookUrlProblem("https://user:pw@crm.example.com/", false)).toMatch(/user name or password/);
    expect(webhookUrlProblem("http://127.0.0.1:9000/", true)).toBeUndefined();
  });

  it.each([
    ["https://[::7f00:1]/hooks", "::7f00:1", "ipv4Compatible"],
    ["https://[::127.0.0.1]/hooks", "::7f00:1", "ipv4Compatible"],
    ["https://[0:0:0:0:0:0:a9fe:a9fe]:8443/", "::a9fe:a9fe", "ipv4Compatible"],
    ["https://[100::1]/", "100::1", "discard"],
    ["https://[64:ff9b:1::a00:1]/", "64:ff9b:1::a00:1", "rfc6052"],
    ["https://[2002:c0a8:101::1]/", "2002:c0a8:101::1", "6to4"],
    ["https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["https://[::]/", "::", "unspecified"],
  ])("refuses the endpoint %s as the other private forms", (url, host, range) => {
    expect(webhookUrlProblem(url, false)).toBe(
      `The address ${host} is inside a private network (${range}); the club posts only to public addresses.`,
    );
    // A receiver beside the server is still allowed where WEBHOOK_ALLOW_PRIVATE is set.
    expect(webhookUrlProblem(url, true)).toBeUndefined();
  });

  it.each(["::7f00:1", "::127.0.0.1", "::808:808", "100::1"])(
    "refuses %s when a name resolves to it at delivery",
    async (address) => {
      // Node's lookup answers an address with itself: what a name's AAAA record would give.
      const lookup = guardedLookup(false);
      const [error] = await new Promise<[Error | null]>((resolve) =>
        lookup(address, { all: true }, (err) => resolve([err])),
      );
      expect(error?.message).toBe(
        `${address} resolves to ${address}, inside a private network (${privateRange(address)}); the club posts only to public addresses.`,
      );
      expect(privateRange(address)).toBeDefined();
      const [none] = await new Promise<[Error | null]>((resolve) =>
        guardedLookup(true)(address, { all: true }, (err) => resolve([err])),
      );
      expect(none).toBeNull();
    },
  );

  it("refuses a name that resolves inside the network when it connects (not only when added)", async () => {
    // The check made as the connection is made: what the name resolves to then is what is refused.
    const lookup = guardedLookup(false);
    const [error, address] = await new Promise<[Error | null, unknown]>((resolve) =>
      lookup("localhost", { all: true }, (err, addresses) => resolve([err, addresses])),
    );
    expect(error?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), inside a private network \(loopback\)/);
    expect(address).toBe("");
    const allowed = guardedLookup(true);
    const [none, found] = await new Promise<[Error | null, unknown]>((resolve) =>
      allowed("localhost", { all: true }, (err, addresses) => resolve([err, addresses])),
    );
    expect(none).toBeNull();
    expect(found).toEqual(expect.arrayContaining([expect.objectContaining({ address: expect.any(String) })]));
    // Numbers the URL reads as loopback are refused before any connection.
    expect(webhookUrlProblem("https://2130706433/", false)).toMatch(/127\.0\.0\.1 is inside a private network/);
    expect(webhookUrlProblem("https://127.1/", false)).toMatch(/127\.0\.0\.1 is inside a private network/);
  });
});
