// Placeholder: being built.
export function GangPage() {
  return <main id="main" />;
}
