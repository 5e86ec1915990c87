// Placeholder: being built.
export function PlayerPage() {
  return <main id="main" />;
}
