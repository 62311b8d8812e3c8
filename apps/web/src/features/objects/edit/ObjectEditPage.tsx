/** Placeholder until this screen is built. */
export default function ObjectEditPage() {
  return null;
}
