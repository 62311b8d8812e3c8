import { projectSearchQuery, type ProjectFound } from './search-queries';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

type ProjectPickerProps = Omit<SearchPickerProps<ProjectFound>, 'search' | 'toOption' | 'nothingFound' | 'label'> & {
  label?: string;
  /** What the value holds: the project's id (default) or slug (a filter in an address). */
  by?: 'id' | 'slug';
};

/** Pick a project by typing part of its title. */
export function ProjectPicker({ label = 'Project', placeholder = 'Type a title', by = 'id', ...props }: ProjectPickerProps) {
  return (
    <SearchPicker
      label={label}
      placeholder={placeholder}
      search={projectSearchQuery}
      toOption={(p) => ({ value: p[by], label: p.title })}
      nothingFound="No project found"
      {...props}
    />
  );
}
