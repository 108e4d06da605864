import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { PasswordForm } from "../../features/settings/PasswordForm";
import { ProfileForm } from "../../features/settings/ProfileForm";
import { SettingsIndex } from "../../features/settings/sections";

/** Links made before the sections had addresses of their own (`/settings#security`). */
const FORMER_ANCHORS: Record<string, "/settings/security" | "/settings/data"> = {
  security: "/settings/security",
  "your-data": "/settings/data",
};

export const Route = createFileRoute("/_member/settings/")({
  component: function SettingsHome() {
    const { user } = Route.useRouteContext();
    const navigate = useNavigate();
    // A fragment never reaches the server: the page moves on once it runs in the browser.
    useEffect(() => {
      const to = FORMER_ANCHORS[window.location.hash.slice(1)];
      if (to && !user.mustChangePassword) void navigate({ to, replace: true });
    }, [navigate, user.mustChangePassword]);
    if (user.mustChangePassword)
      return (
        <div className="grid gap-6 lg:grid-cols-2">
          <ProfileForm />
          <PasswordForm mustChange />
        </div>
      );
    return <SettingsIndex />;
  },
});
