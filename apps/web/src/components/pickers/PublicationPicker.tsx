import { publicationSearchQuery, type PublicationFound } from './search-queries';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

type PublicationPickerProps = Omit<SearchPickerProps<PublicationFound>, 'search' | 'toOption' | 'nothingFound' | 'label'> & {
  label?: string;
  /** What the value holds: the publication's id (default) or slug. */
  by?: 'id' | 'slug';
};

/** A publication as an option: its title, then its first author and year to tell namesakes apart. */
export function publicationOptionLabel(p: Pick<PublicationFound, 'title' | 'authors' | 'year'>): string {
  const first = p.authors[0]?.name;
  const who = first ? `${first}${p.authors.length > 1 ? ' et al.' : ''}` : null;
  const tail = [who, p.year].filter((x) => x !== null && x !== undefined).join(', ');
  return tail ? `${p.title} (${tail})` : p.title;
}

/** Pick a publication by typing part of its title, an author or a word of its abstract. */
export function PublicationPicker({ label = 'Publication', placeholder = 'Type a title or an author', by = 'id', ...props }: PublicationPickerProps) {
  return (
    <SearchPicker
      label={label}
      placeholder={placeholder}
      search={publicationSearchQuery}
      toOption={(p) => ({ value: p[by], label: publicationOptionLabel(p) })}
      nothingFound="No publication found"
      {...props}
    />
  );
}
