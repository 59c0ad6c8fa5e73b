import type { ReactNode } from "react";
import { Link } from "react-router";
import { MAIN_LANDMARK } from "./skip-link.tsx";

/** The narrow, centred card of the one-form auth pages (forgot, reset, two-factor). */
export function AuthFrame({ children }: { children: ReactNode }) {
  return (
    <main
      {...MAIN_LANDMARK}
      className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 px-4 py-10"
    >
      <Link
        to="/"
        className="text-center text-lg font-bold text-ink no-underline"
      >
        BrokerVault
      </Link>
      <section className="space-y-4 rounded-xl border border-line bg-surface p-6 shadow-sm">
        {children}
      </section>
    </main>
  );
}
