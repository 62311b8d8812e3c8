import HomePage from '../../../features/home/HomePage';
import { RecentInsights } from '../../../features/insights/RecentInsights';

/** The home page with the sections other features give it. */
export default function HomeRoute() {
  return <HomePage recentInsights={<RecentInsights />} />;
}
