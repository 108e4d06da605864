import { cn } from "../../ui/cn";
import { placeholderStyle } from "../media/responsive";

export type PortraitUrls = { small: string; large: string; placeholder: string | null } | null;

const SIZES = { sm: "size-10 text-sm", md: "size-20 text-2xl", lg: "size-32 text-4xl sm:size-40 sm:text-5xl" } as const;

/** Her initials, when she has no portrait: "Ana Atelier" → "AA". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters.map((w) => [...(w ?? "")][0]?.toUpperCase() ?? "").join("");
}

/**
 * A member's portrait as a circle: the small copy (160 px) for names and cards, the large (512 px)
 * on her profile; her initials on the club's colours when she has none. Decorative beside her name.
 */
export function Portrait({
  name,
  portrait,
  size = "sm",
  className,
}: {
  name: string;
  portrait: PortraitUrls;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const frame = cn("inline-flex shrink-0 overflow-hidden rounded-full", SIZES[size], className);
  if (!portrait) {
    return (
      <span aria-hidden="true" className={cn(frame, "items-center justify-center bg-plum-soft font-serif text-plum")}>
        {initialsOf(name)}
      </span>
    );
  }
  const large = size === "lg";
  return (
    <img
      src={large ? portrait.large : portrait.small}
      srcSet={large ? undefined : `${portrait.small} 160w, ${portrait.large} 512w`}
      sizes={large ? undefined : size === "md" ? "80px" : "40px"}
      alt=""
      width={large ? 160 : size === "md" ? 80 : 40}
      height={large ? 160 : size === "md" ? 80 : 40}
      loading={large ? "eager" : "lazy"}
      className={cn(frame, "object-cover")}
      style={placeholderStyle(portrait.placeholder)}
    />
  );
}
