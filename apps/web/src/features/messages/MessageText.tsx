import { Fragment } from "react";
import { cn } from "../../ui/cn";
import { linkParts } from "./text";

/**
 * A message's text as she wrote it: line breaks kept, web addresses made links that open in a new
 * tab and tell the other site nothing (no opener, no referrer, no endorsement). Built from text
 * nodes and anchors only: nothing in a message is ever read as HTML.
 */
export function MessageText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={cn("whitespace-pre-wrap break-words [overflow-wrap:anywhere]", className)}>
      {linkParts(text).map((part, i) =>
        "href" in part ? (
          <a
            // The parts of one text never change order: their place is their key.
            key={i}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-plum underline decoration-plum/40 underline-offset-2 hover:decoration-plum"
          >
            {part.text}
          </a>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </p>
  );
}
