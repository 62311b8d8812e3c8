/** Placeholder until this screen is built. */
export default function ObjectOverview() {
  return null;
}
