/** The logo mark: a kettlebell in a shield. Placeholder until the gym's own artwork is dropped in. */
export function LogoMark({ size = 40, className }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <path d="M32 2 58 12v20c0 15-11 26-26 30C17 58 6 47 6 32V12z" fill="#c8102e" />
      <path d="M24 22a8 8 0 0 1 16 0" fill="none" stroke="#fff" strokeWidth="4.5" strokeLinecap="round" />
      <circle cx="32" cy="36" r="12" fill="#fff" />
      <rect x="25" y="46" width="14" height="4" rx="2" fill="#fff" />
    </svg>
  );
}
