import { useRef, useState } from "react";

/** The mail's layout is 600 px wide inside 16 px margins each side: the frame never crops it. */
const MAIL_WIDTH = 640;

/**
 * The message as members receive it, footer included, at its real width: on a narrow screen the
 * frame scrolls sideways rather than squeezing the mail. The frame runs no script (the sandbox
 * allows none); it shares the page's origin only so its height can follow the message's.
 */
export function MailPreview({ html, failed }: { html: string | undefined; failed: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(320);
  return (
    <section aria-labelledby="mail-preview-title" className="flex flex-col gap-2">
      <h2 id="mail-preview-title" className="font-sans text-sm font-medium text-ink">
        Preview <span className="font-normal text-ink-soft">— as members receive it</span>
      </h2>
      {/* A region that scrolls is reached by the keyboard too (its arrows scroll it): the frame
          inside is not always counted as something to focus, and axe then refuses the page. */}
      <section
        aria-label="The e-mail as members receive it"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-line bg-[#f6f3ee] focus:outline-none focus-visible:ring-2 focus-visible:ring-plum/40"
      >
        {html === undefined ? (
          <p className="px-4 py-6 text-sm text-ink-soft">The preview appears as you write.</p>
        ) : null}
        <iframe
          ref={frame}
          title="E-mail preview"
          sandbox="allow-same-origin"
          srcDoc={html ?? ""}
          style={{ minWidth: MAIL_WIDTH, height }}
          className={html === undefined ? "hidden" : "block w-full"}
          onLoad={() => {
            // The body's height is the message's (the document's is never less than the frame's).
            const body = frame.current?.contentDocument?.body;
            if (body) setHeight(Math.max(160, body.scrollHeight));
          }}
        />
      </section>
      {failed ? <p className="text-sm text-danger">The preview could not be made.</p> : null}
    </section>
  );
}
