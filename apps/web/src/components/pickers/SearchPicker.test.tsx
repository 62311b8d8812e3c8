import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchPicker } from './SearchPicker';

afterEach(cleanup);

interface Item {
  id: string;
  name: string;
}
const PEOPLE: Item[] = [
  { id: 'p1', name: 'Ada Lindqvist' },
  { id: 'p2', name: 'Grace Okafor' },
  { id: 'p3', name: 'Tomás Herrera' },
];

/** The test's own search, under a key of its own. */
const testSearchKey = (q: string) => ['test-search', q] as const;

/** What the server would answer; `asked` keeps the searches made. */
function searchOf(asked: string[]) {
  return (q: string) => ({
    queryKey: testSearchKey(q),
    queryFn: async () => {
      asked.push(q);
      // A name matched the server's way (not the label): the picker must not filter again.
      return PEOPLE.filter((p) => p.name.toLowerCase().includes(q.toLowerCase()) || (q === 'pi' && p.id === 'p1'));
    },
  });
}

/** A form holding the chosen id; `reset` stands for a save finishing. */
function Form({ asked }: { asked: string[] }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <SearchPicker
        label="Person"
        value={value}
        onChange={setValue}
        search={searchOf(asked)}
        toOption={(p: Item) => ({ value: p.id, label: p.name })}
        nothingFound="Nobody found"
      />
      <output aria-label="chosen">{value ?? 'none'}</output>
      <button type="button" onClick={() => setValue(null)}>
        reset
      </button>
    </>
  );
}

function renderForm() {
  const asked: string[] = [];
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <Form asked={asked} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { asked, box: screen.getByRole('combobox', { name: 'Person' }), user: userEvent.setup() };
}

describe('SearchPicker', () => {
  it('asks for two letters, then shows what the server answered, and a click chooses', async () => {
    const { asked, box, user } = renderForm();
    await user.type(box, 'O');
    expect(await screen.findByText('Type two letters or more')).toBeTruthy();
    await user.type(box, 'kaf');
    await user.click(await screen.findByRole('option', { name: 'Grace Okafor' }));
    expect(screen.getByRole('status', { name: 'chosen' }).textContent).toBe('p2');
    expect((box as HTMLInputElement).value).toBe('Grace Okafor');
    expect(asked).toEqual(['Okaf']);
  });

  it('shows an answer whose label does not hold the text typed, and says when nobody is found', async () => {
    const { box, user } = renderForm();
    await user.type(box, 'pi');
    expect(await screen.findByRole('option', { name: 'Ada Lindqvist' })).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'zz');
    expect(await screen.findByText('Nobody found')).toBeTruthy();
  });

  it('clears its text when the form resets it, but keeps a name typed after the choice', async () => {
    const { box, user } = renderForm();
    await user.type(box, 'Lind');
    await user.click(await screen.findByRole('option', { name: 'Ada Lindqvist' }));
    await user.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));

    await user.type(box, 'Herr');
    await user.click(await screen.findByRole('option', { name: 'Tomás Herrera' }));
    await user.clear(box);
    await user.type(box, 'Oka');
    expect(screen.getByRole('status', { name: 'chosen' }).textContent).toBe('none');
    // The save of the first choice finishes now (the focus stays in the picker): the name being typed stays.
    act(() => screen.getByRole('button', { name: 'reset' }).click());
    expect(document.activeElement).toBe(box);
    expect((box as HTMLInputElement).value).toBe('Oka');
    expect(await screen.findByRole('option', { name: 'Grace Okafor' })).toBeTruthy();
  });
});
