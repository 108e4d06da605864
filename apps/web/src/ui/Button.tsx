import { Link, type LinkProps } from "@tanstack/react-router";
import type { ButtonHTMLAttributes } from "react";
import { cn } from "./cn";

type Variant = "primary" | "secondary" | "ghost" | "danger";

const variants: Record<Variant, string> = {
  primary: "bg-plum text-white hover:bg-plum-deep disabled:bg-plum/50",
  secondary: "border border-plum/40 bg-card text-plum hover:bg-plum-soft disabled:opacity-50",
  ghost: "text-plum hover:bg-plum-soft disabled:opacity-50",
  danger: "bg-danger text-white hover:bg-danger/90 disabled:opacity-50",
};

export function buttonClass(variant: Variant = "primary", extra?: string) {
  return cn(
    "inline-flex min-h-10 items-center justify-center gap-2 rounded-full px-5 py-2 text-sm font-medium tracking-wide transition-colors disabled:cursor-not-allowed",
    variants[variant],
    extra,
  );
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = "primary",
  className,
  ...props
}: LinkProps & { variant?: Variant; className?: string }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
