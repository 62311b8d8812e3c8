import AccountPage from '../../../features/account/AccountPage';
import { PublicationSuggestions } from '../../../features/publications/PublicationSuggestions';

/** /me: the account, with the publications waiting for the user to confirm them as an author (when any) first. */
export default function MeIndexPage() {
  return (
    <AccountPage>
      <PublicationSuggestions />
    </AccountPage>
  );
}
