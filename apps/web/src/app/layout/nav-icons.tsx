import type { ReactNode } from 'react';

function Icon({
  children,
  className = 'size-5',
}: {
  readonly children: ReactNode;
  readonly className?: string;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** Home: a house. */
export function HomeIcon() {
  return (
    <Icon>
      <path d="M3 11 12 4l9 7" />
      <path d="M5.5 9.5V20h13V9.5" />
      <path d="M10 20v-5h4v5" />
    </Icon>
  );
}

/** TailSpin: a dial with a needle. */
export function TailSpinIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 12 17 7" />
      <circle cx="12" cy="12" r="1.6" fill="currentColor" />
      <path d="M12 3.5v2M20.5 12h-2M12 20.5v-2M3.5 12h2" />
    </Icon>
  );
}

/** ReTail: two stacked cards. */
export function RetailIcon() {
  return (
    <Icon>
      <rect x="7" y="3.5" width="13" height="15" rx="2.5" />
      <path d="M4 7v11.5A2.5 2.5 0 0 0 6.5 21H16" />
      <path d="m10 14 2.5-3 2 2 2.5-3.5" />
    </Icon>
  );
}

/** Foresight: a chart line with an up arrow. */
export function ForesightIcon() {
  return (
    <Icon>
      <path d="M3 17 9 11l4 4 8-8" />
      <path d="M15 7h6v6" />
    </Icon>
  );
}

/** Prophecy: a crystal ball. */
export function ProphecyIcon() {
  return (
    <Icon>
      <circle cx="12" cy="10.5" r="7" />
      <path d="M7 20h10" />
      <path d="M8.5 17.5 7 20M15.5 17.5 17 20" />
      <path d="M9.5 8.5a3 3 0 0 1 3-2" />
    </Icon>
  );
}

/** History: a clock with an arrow running back. */
export function HistoryIcon() {
  return (
    <Icon>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3 4v4.5h4.5" />
      <path d="M12 7.5V12l3 2" />
    </Icon>
  );
}

/** Provably fair: a shield with a check. */
export function FairIcon() {
  return (
    <Icon>
      <path d="M12 3 5 6v5.5c0 4.3 3 7.9 7 9.5 4-1.6 7-5.2 7-9.5V6z" />
      <path d="m9 12 2.2 2.2L15.5 10" />
    </Icon>
  );
}

/** Help: a question mark in a circle. */
export function HelpIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7" />
      <circle cx="12" cy="17" r="0.6" fill="currentColor" />
    </Icon>
  );
}

/** Community chat: a speech bubble. */
export function CommunityIcon() {
  return (
    <Icon>
      <path d="M4 5.5h16v10H9l-5 4z" />
      <path d="M8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01" strokeWidth="3" />
    </Icon>
  );
}

/** External link arrow. */
export function ExternalIcon() {
  return (
    <Icon className="size-3.5">
      <path d="M9 5H5v14h14v-4" />
      <path d="M13 4h7v7M20 4l-9 9" />
    </Icon>
  );
}

/** The sidebar toggle: a panel with its right column. */
export function SidebarIcon() {
  return (
    <Icon>
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <path d="M15 4v16" />
    </Icon>
  );
}

/** Close: a cross. */
export function CloseIcon() {
  return (
    <Icon className="size-4">
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

/** More: three dots in a rounded square. */
export function MoreIcon() {
  return (
    <Icon>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M8 12h.01M12 12h.01M16 12h.01" strokeWidth="3" />
    </Icon>
  );
}

/** Sound: a speaker, with waves when on and a cross when off. */
export function SoundIcon({ on }: { readonly on: boolean }) {
  return (
    <Icon>
      <path d="M11 5 6 9H3v6h3l5 4V5Z" />
      {on ? <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" /> : <path d="m16 9 5 5M21 9l-5 5" />}
    </Icon>
  );
}
