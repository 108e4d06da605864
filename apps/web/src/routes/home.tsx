import { createFileRoute } from "@tanstack/react-router";
import { HomePage } from "../features/public/HomePage";

// /home is the same page as / (SPEC.md section 2).
export const Route = createFileRoute("/home")({ component: HomePage });
