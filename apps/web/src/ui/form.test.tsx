import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Checkbox, SelectField, TextArea, TextField } from "./Field";
import { useZodForm } from "./form";

const schema = z.object({
  name: z.string().min(1),
  bio: z.string(),
  type: z.enum(["Founding", "Standard"]),
  showEmail: z.boolean(),
  interests: z.array(z.string()),
});
type Values = z.infer<typeof schema>;

const defaults: Values = {
  name: "Ada Lovelace",
  bio: "Numbers and poetry.",
  type: "Standard",
  showEmail: true,
  interests: ["Travel"],
};

/** A form as a page would have one, prefilled from what the route's loader read. */
function ProfileLike({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useZodForm(schema, { defaultValues: defaults });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <TextField label="Name" {...form.register("name")} />
      <TextArea label="Bio" {...form.register("bio")} />
      <SelectField
        label="Type"
        options={[
          { value: "Founding", label: "Founding" },
          { value: "Standard", label: "Standard" },
        ]}
        {...form.register("type")}
      />
      <Checkbox label="Show my e-mail" {...form.register("showEmail")} />
      <button type="submit">Save</button>
    </form>
  );
}

const app = (onSubmit: (values: Values) => void = () => {}) => (
  <QueryClientProvider client={new QueryClient()}>
    <ProfileLike onSubmit={onSubmit} />
  </QueryClientProvider>
);

afterEach(() => {
  document.body.innerHTML = "";
});

describe("a form's values arrive with the page", () => {
  it("are in the server's HTML, each field's own value (was: empty fields, filled in by the app)", () => {
    document.body.innerHTML = renderToString(app());
    const field = (label: string) => document.querySelector(`[name="${label}"]`);
    expect((field("name") as HTMLInputElement).value).toBe("Ada Lovelace");
    expect((field("bio") as HTMLTextAreaElement).value).toBe("Numbers and poetry.");
    expect((field("type") as HTMLSelectElement).value).toBe("Standard");
    expect((field("showEmail") as HTMLInputElement).checked).toBe(true);
  });

  it("what she typed before the app took the page over stays, and is what the form sends", async () => {
    const root = document.createElement("div");
    root.innerHTML = renderToString(app());
    document.body.append(root);
    const name = root.querySelector('[name="name"]') as HTMLInputElement;
    const showEmail = root.querySelector('[name="showEmail"]') as HTMLInputElement;
    // Typed (or autofilled) in the server's page, before any script of the form ran.
    name.value = "Ada King";
    showEmail.checked = false;

    let sent: Values | undefined;
    await act(async () => {
      hydrateRoot(
        root,
        app((values) => {
          sent = values;
        }),
      );
    });
    expect(name.value).toBe("Ada King");
    expect(showEmail.checked).toBe(false);

    await act(async () => {
      (root.querySelector("button") as HTMLButtonElement).click();
    });
    expect(sent).toEqual({ ...defaults, name: "Ada King", showEmail: false });
  });
});
