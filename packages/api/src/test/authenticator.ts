/**
 * A software passkey authenticator for tests in Node: what a browser and a platform authenticator
 * would answer to the club's WebAuthn options, built with node:crypto (an ES256 key on P-256) and
 * the CBOR encoder `@simplewebauthn/server` itself uses, so the server's real verification runs on
 * it. Attestation "none" (as the club asks); flags: user present and verified; the signature
 * counter is whatever the test sets.
 *
 * The layouts (WebAuthn Level 3, §6.1 and §6.5): authenticatorData = SHA-256(rp id) ‖ flags (1) ‖
 * counter (4, big-endian) ‖ [attested credential data: AAGUID (16) ‖ id length (2) ‖ id ‖ COSE key];
 * an assertion's signature is over authenticatorData ‖ SHA-256(clientDataJSON).
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/** The origin of the test APIs' config (test/api.ts, and the server's test harness). */
export const TEST_ORIGIN = "http://club.test";

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

/** User present, and verified (PIN or biometrics) unless `verified` is false, as a PIN-less key answers. */
const flags = (verified = true) => FLAG_USER_PRESENT | (verified ? FLAG_USER_VERIFIED : 0);

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));

function counterBytes(counter: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
}

function clientDataJSON(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): string {
  return b64(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
}

/** The public key as COSE_Key (EC2, ES256, P-256), as an authenticator puts it in attested data. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  if (!jwk.x || !jwk.y) throw new Error("not an EC key");
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(isoBase64URL.toBuffer(jwk.x))],
      [-3, new Uint8Array(isoBase64URL.toBuffer(jwk.y))],
    ]),
  );
}

/** One discoverable credential: made for a user handle and an rp id, then used to sign in. */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly keys = generateKeyPairSync("ec", { namedCurve: "P-256" });
  /** The next signature counter; 0 stays 0 (authenticators that keep no counter send 0). */
  counter: number;
  userHandle: string | undefined;

  constructor(
    readonly origin = TEST_ORIGIN,
    options: { counter?: number } = {},
  ) {
    this.counter = options.counter ?? 1;
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private rpIdHash(): Buffer {
    return sha256(new URL(this.origin).hostname);
  }

  /**
   * The row `passkeys.register` would keep for this credential, for tests that need a stored
   * passkey without the ceremony; `userId` becomes the user handle it answers with.
   */
  storedFor(userId: string) {
    this.userHandle = b64(Buffer.from(userId.replaceAll("-", ""), "hex"));
    return {
      userId,
      credentialId: this.id,
      publicKey: b64(coseKey(this.keys.publicKey)),
      counter: 0,
      deviceType: "singleDevice",
      name: "Test passkey",
    };
  }

  /** The answer to `passkeys.registrationOptions` (only its challenge and user matter here). */
  register(options: { challenge: string; user: { id: string } }, overrides: { verified?: boolean } = {}) {
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      this.rpIdHash(),
      Buffer.from([flags(overrides.verified) | FLAG_ATTESTED_DATA]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none, as a software authenticator has no model
      idLength,
      this.credentialId,
      Buffer.from(coseKey(this.keys.publicKey)),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: clientDataJSON("webauthn.create", options.challenge, this.origin),
        attestationObject: b64(attestationObject),
        transports: ["internal"],
      },
    };
  }

  /** The answer to `auth.passkeyOptions`: signed with this key; the counter moves on after it. */
  signIn(
    options: { challenge: string },
    overrides: { counter?: number; userHandle?: string; verified?: boolean } = {},
  ) {
    const counter = overrides.counter ?? this.counter;
    this.counter = counter === 0 ? 0 : counter + 1;
    const authData = Buffer.concat([this.rpIdHash(), Buffer.from([flags(overrides.verified)]), counterBytes(counter)]);
    const clientData = clientDataJSON("webauthn.get", options.challenge, this.origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(isoBase64URL.toBuffer(clientData))]), {
      key: this.keys.privateKey,
      dsaEncoding: "der",
    });
    const userHandle = overrides.userHandle ?? this.userHandle;
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
      response: {
        clientDataJSON: clientData,
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(userHandle ? { userHandle } : {}),
      },
    };
  }
}
