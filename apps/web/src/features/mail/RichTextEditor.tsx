import type { Attribute, ChainedCommands, Editor } from "@tiptap/core";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { cn } from "../../ui/cn";
import { Dialog } from "../../ui/Dialog";
import { TextField } from "../../ui/Field";
import { GalleryImagePicker } from "./GalleryImagePicker";

/**
 * The group e-mail's body as a member will read it: headings, bold, italic, links, lists, quotes
 * and images from the gallery, nothing else. The editor's schema is the server's sanitiser
 * allowlist (packages/api/src/lib/sanitize.ts) narrowed to these, so what it writes passes the sanitiser
 * unchanged, and whatever is pasted (a web page, a word processor's HTML) is read through the same
 * schema: scripts, styles, classes and unknown tags do not survive the paste.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    // The sanitiser sets rel on every link and keeps no class: the editor writes the same.
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      protocols: ["mailto"],
      HTMLAttributes: { rel: "noopener noreferrer", target: null, class: null },
    },
  }),
  // Images from web addresses only, and no title (the sanitiser keeps an image's src, alt, width
  // and height, and only http and https sources): a pasted `javascript:` or `data:` image is dropped.
  Image.extend({
    parseHTML() {
      return [
        { tag: "img[src]", getAttrs: (img) => (/^https?:\/\//i.test(img.getAttribute("src") ?? "") ? null : false) },
      ];
    },
    addAttributes() {
      const { title: _title, ...kept } = (this.parent?.() ?? {}) as Record<string, Attribute>;
      return kept;
    },
  }),
];

/** A photo fills the mail's text column: 600 px less the layout's 36 px margins each side. */
const MAIL_IMAGE_WIDTH = 528;

export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  invalid,
  galleryImages = false,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  invalid?: boolean;
  /** The "Image" button (the gallery's photos are offered to admins, for group e-mail). */
  galleryImages?: boolean;
}) {
  const labelId = useId();
  const editor = useEditor({
    extensions,
    content: value,
    // Rendered in the browser only (the admin pages are not server-rendered for their editor).
    immediatelyRender: false,
    // The club's stylesheet styles the editor: no <style> element (the CSP allows none).
    injectCSS: false,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: `${EDITOR_PAGE} focus:outline-none`,
      },
    },
    onUpdate: ({ editor }) => onChange(editor.isEmpty ? "" : editor.getHTML()),
  });
  // A value set from outside (a draft opened again, a form reset) replaces the document.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="flex flex-col gap-1.5">
      <span id={labelId} className="text-sm font-medium text-ink">
        {label}
      </span>
      <div
        className={cn(
          "overflow-hidden rounded-lg border bg-card focus-within:border-plum focus-within:ring-2 focus-within:ring-plum/20",
          invalid ? "border-danger" : "border-line",
        )}
      >
        {/* The editor starts in the browser after the first paint: until then its toolbar (disabled)
            and an empty page of its height hold its place, so the form below does not move. */}
        <Toolbar editor={editor} galleryImages={galleryImages} />
        {editor ? <EditorContent editor={editor} /> : <div aria-hidden="true" className={EDITOR_PAGE} />}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The body's page, in the editor and in its place while the editor starts. */
const EDITOR_PAGE = "mail-body min-h-64 px-4 py-3";

/** Where the selection stands, for the buttons' pressed and enabled states. */
function toolStateOf(e: Editor) {
  return {
    h2: e.isActive("heading", { level: 2 }),
    h3: e.isActive("heading", { level: 3 }),
    bold: e.isActive("bold"),
    italic: e.isActive("italic"),
    link: e.isActive("link"),
    bullets: e.isActive("bulletList"),
    numbers: e.isActive("orderedList"),
    quote: e.isActive("blockquote"),
    canUndo: e.can().undo(),
    canRedo: e.can().redo(),
  };
}

/** The formatting buttons; before the editor starts (`editor` null), the same buttons, disabled. */
function Toolbar({ editor, galleryImages }: { editor: Editor | null; galleryImages: boolean }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const state = useEditorState({ editor, selector: ({ editor: e }) => (e ? toolStateOf(e) : null) });
  const off = !editor;
  /** A command on the selection, the editor keeping the focus. */
  const run = (command: (c: ChainedCommands) => ChainedCommands) => {
    if (editor) command(editor.chain().focus()).run();
  };
  /** After a dialog: typing goes on after what was selected (the new link or image), not over it. */
  const backToText = (event: Event) => {
    event.preventDefault();
    editor?.commands.focus(editor.state.selection.to);
  };
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap gap-1 border-b border-line bg-paper px-2 py-1.5"
    >
      <Tool label="Heading" off={off} active={state?.h2} onClick={() => run((c) => c.toggleHeading({ level: 2 }))}>
        <span className="font-serif text-base">Heading</span>
      </Tool>
      <Tool label="Subheading" off={off} active={state?.h3} onClick={() => run((c) => c.toggleHeading({ level: 3 }))}>
        <span className="font-serif">Subheading</span>
      </Tool>
      <Separator />
      <Tool label="Bold" off={off} active={state?.bold} onClick={() => run((c) => c.toggleBold())}>
        <b>B</b>
      </Tool>
      <Tool label="Italic" off={off} active={state?.italic} onClick={() => run((c) => c.toggleItalic())}>
        <i className="font-serif">I</i>
      </Tool>
      <Tool label="Link" off={off} active={state?.link} onClick={() => setLinkOpen(true)}>
        Link
      </Tool>
      <Separator />
      <Tool label="Bulleted list" off={off} active={state?.bullets} onClick={() => run((c) => c.toggleBulletList())}>
        • List
      </Tool>
      <Tool label="Numbered list" off={off} active={state?.numbers} onClick={() => run((c) => c.toggleOrderedList())}>
        Numbered list
      </Tool>
      <Tool label="Quote" off={off} active={state?.quote} onClick={() => run((c) => c.toggleBlockquote())}>
        “ ”
      </Tool>
      {galleryImages ? (
        <Tool label="Image from the gallery" off={off} onClick={() => setImageOpen(true)}>
          Image
        </Tool>
      ) : null}
      <Separator />
      <Tool label="Undo" off={!state?.canUndo} onClick={() => run((c) => c.undo())}>
        ↶
      </Tool>
      <Tool label="Redo" off={!state?.canRedo} onClick={() => run((c) => c.redo())}>
        ↷
      </Tool>
      {editor ? (
        <LinkDialog
          open={linkOpen}
          onOpenChange={setLinkOpen}
          onClosed={backToText}
          current={editor.getAttributes("link").href as string | undefined}
          onSave={(href) => {
            if (!href) run((c) => c.extendMarkRange("link").unsetLink());
            else if (editor.state.selection.empty && !editor.isActive("link"))
              run((c) => c.insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] }));
            else run((c) => c.extendMarkRange("link").setLink({ href }));
          }}
        />
      ) : null}
      {editor && galleryImages ? (
        <GalleryImagePicker
          open={imageOpen}
          onOpenChange={setImageOpen}
          onClosed={backToText}
          onPick={(image) => run((c) => c.setImage({ src: image.src, alt: image.alt, width: MAIL_IMAGE_WIDTH }))}
        />
      ) : null}
    </div>
  );
}

function Tool({
  label,
  active,
  off,
  onClick,
  children,
}: {
  label: string;
  active?: boolean | undefined;
  /** Disabled: nothing to undo or redo, or the editor not started yet. */
  off?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      {...(active === undefined ? {} : { "aria-pressed": active })}
      disabled={off}
      // Keep the selection in the editor while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        "min-h-9 min-w-9 rounded-md px-2 text-sm text-ink transition-colors hover:bg-plum-soft disabled:opacity-40",
        active && "bg-plum-soft text-plum",
      )}
    >
      {children}
    </button>
  );
}

const Separator = () => <span aria-hidden="true" className="mx-1 my-1.5 w-px bg-line" />;

/** Web and mail addresses only: what the sanitiser lets through (http, https, mailto). */
function linkTarget(raw: string): string | null {
  const text = raw.trim();
  if (!text) return "";
  if (/^mailto:/i.test(text)) return text;
  if (/^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/.test(text)) return `mailto:${text}`;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function LinkDialog({
  open,
  onOpenChange,
  onClosed,
  current,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: (event: Event) => void;
  current: string | undefined;
  onSave: (href: string) => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setText(current ?? "");
      setError(undefined);
    }
  }, [open, current]);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onClosed}
      title="Link"
      description="A web address, or an e-mail address."
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          // The dialog is portalled out of the composer's form, but React's events still bubble
          // through it: without this, saving a link would submit the composer (and ask to send).
          e.stopPropagation();
          const href = linkTarget(text);
          if (href === null) return setError("Enter a web address (https://…) or an e-mail address.");
          onSave(href);
          onOpenChange(false);
        }}
      >
        <TextField label="Address" value={text} onChange={(e) => setText(e.target.value)} error={error} autoFocus />
        <div className="flex flex-wrap gap-3">
          <Button type="submit">{text.trim() ? "Save link" : "Remove link"}</Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
