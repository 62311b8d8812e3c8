import { Alert, Button, Container, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { PhotoResult } from '@observatory/shared';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { fieldErrors, unplacedError } from '../../components/FormError';
import { PersonPicker } from '../../components/pickers/PersonPicker';
import { useObjectTypes } from '../../lib/object-types';
import { useListParams } from '../../lib/use-list-params';
import { useTitle } from '../../lib/use-title';
import { photosPath, usePhoto, usePhotoSearch } from './api';
import { NoPhotos, PhotoResults } from './PhotoGrid';
import { PhotoMapPanel } from './PhotoMapPanel';
import { badBboxIn, isFiltered, PER_PAGE_CHOICES, PHOTO_FILTERS, PHOTOS_PER_PAGE, photoApiQuery, photoSearchFrom, photoSearchHref } from './photo-query';
import { PhotoViewer } from './PhotoViewer';

/** The query parameters the page shows a refusal of beside their own control. */
const PLACED = ['q', 'person', 'type', 'from', 'to', 'bbox', 'n'].map((name) => `querystring.${name}`);
const PER_PAGE_DATA = PER_PAGE_CHOICES.map(String);

/** Opened from the grid: closing the viewer goes back in history, to the grid as it was. */
type ViewerState = { fromGrid?: boolean } | null;

/** Gives the focus to the thumbnail of the photo last shown (the first one when it is not on the page). */
function focusThumbnail(id: string | undefined) {
  requestAnimationFrame(() =>
    (document.querySelector<HTMLElement>(`[data-photo="${CSS.escape(id ?? '')}"]`) ?? document.querySelector<HTMLElement>('[data-photo]'))?.focus(),
  );
}

/**
 * /photos: the photo search (words, photographer, object type, dates, a box on the map,
 * all in the address), 10 a page, a viewer over it. /photos/{id}: the same, with the
 * viewer open on that photo (asked for on its own when it is not on the page).
 */
export default function PhotosPage() {
  useTitle('Photos');
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { searchInput, page, setPage, filters, setFilter, pickerFilter } = useListParams(PHOTO_FILTERS);
  const search = photoSearchFrom(params);
  const badBox = badBboxIn(params);
  const state = usePhotoSearch(photosPath(), photoApiQuery(search));
  const types = useObjectTypes();

  const refused = fieldErrors(state.error);
  const at = (name: string) => refused[`querystring.${name}`];
  const unplaced = unplacedError(state.error, PLACED);

  const typeChoices = (types.data ?? []).map((t) => ({ value: t.slug, label: t.name }));
  // A type in the address that the list does not hold (yet) stays choosable.
  if (filters.type && !typeChoices.some((t) => t.value === filters.type)) typeChoices.unshift({ value: filters.type, label: filters.type });

  const inPage = id ? (state.photos.find((p) => p.id === id) ?? null) : null;
  const one = usePhoto(id && !inPage ? id : null);
  const shown = inPage ?? one.data ?? null;

  const open = (photo: PhotoResult) => void navigate(photoSearchHref(search, photo.id), { state: { fromGrid: true } satisfies ViewerState });
  const show = (photo: PhotoResult) => void navigate(photoSearchHref(search, photo.id), { replace: true, state: location.state as ViewerState });
  const close = () => {
    if ((location.state as ViewerState)?.fromGrid) void navigate(-1);
    else void navigate(photoSearchHref(search), { replace: true });
    focusThumbnail(shown?.id ?? id);
  };
  const openById = (photoId: string) => {
    const photo = state.photos.find((p) => p.id === photoId);
    if (photo) open(photo);
  };
  const clearAll = () => setParams(new URLSearchParams(), { replace: true });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>Photos</Title>
        <Group align="flex-start" gap="sm" wrap="wrap" role="search" aria-label="Find photos">
          <TextInput
            label="Search photos"
            description="Words of the caption, the object or the photographer"
            placeholder="e.g. birch"
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
            {...searchInput}
            error={at('q')}
            w={{ base: '100%', sm: 300 }}
          />
          <PersonPicker label="Photographer" placeholder="Anyone" by="slug" clearable w={220} {...pickerFilter('person')} error={at('person')} />
          <Select
            label="Object type"
            placeholder="Any"
            clearable
            searchable
            data={typeChoices}
            value={filters.type}
            onChange={(v) => setFilter('type', v)}
            error={at('type')}
            w={{ base: '100%', xs: 200 }}
          />
          <TextInput
            type="date"
            label="Taken from"
            value={filters.from ?? ''}
            max={filters.to ?? undefined}
            onChange={(e) => setFilter('from', e.currentTarget.value || null)}
            error={at('from')}
            w={{ base: '100%', xs: 170 }}
          />
          <TextInput
            type="date"
            label="Taken to"
            value={filters.to ?? ''}
            min={filters.from ?? undefined}
            onChange={(e) => setFilter('to', e.currentTarget.value || null)}
            error={at('to')}
            w={{ base: '100%', xs: 170 }}
          />
          <Select
            label="Per page"
            data={PER_PAGE_DATA}
            value={String(search.n ?? PHOTOS_PER_PAGE)}
            allowDeselect={false}
            onChange={(v) => setFilter('n', !v || Number(v) === PHOTOS_PER_PAGE ? null : v)}
            error={at('n')}
            w={{ base: '100%', xs: 110 }}
          />
        </Group>
        {badBox || at('bbox') ? (
          <Alert color="yellow" role="alert" title="The box in the address cannot be used">
            {at('bbox') ?? `“${badBox}” is not a box west,south,east,north in degrees; it is left out of the search.`}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => setFilter('bbox', null)}>
              Clear the box
            </Button>
          </Alert>
        ) : null}
        <PhotoMapPanel photos={state.photos} bbox={search.bbox ?? null} onBbox={(box) => setFilter('bbox', box)} onOpen={openById} />
        <PhotoResults
          state={state}
          page={page}
          onPage={setPage}
          onOpen={open}
          label="Photos found"
          showError={!!unplaced}
          empty={
            isFiltered(search) ? (
              <NoPhotos text="No photos match this search and these filters." action="Clear the filters" onAction={clearAll} />
            ) : (
              <NoPhotos text="No photos have been added yet." />
            )
          }
        />
      </Stack>
      {id ? <PhotoViewer photo={shown} photos={state.photos} onShow={show} onClose={close} error={one.error} /> : null}
    </Container>
  );
}
