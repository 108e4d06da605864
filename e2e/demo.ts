/** The demo accounts created at the server's first start (specs must not change their passwords). */
export const DEMO_PASSWORD = "club-demo-2026";

export const ADMIN = { email: "admin@club.local", name: "Alexandra Admin" };
export const FOUNDING = { email: "founding@club.local", name: "Fiona Founding" };
export const STANDARD = { email: "standard@club.local", name: "Sofia Standard" };
