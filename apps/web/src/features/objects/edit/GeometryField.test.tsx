import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GeometryField } from './GeometryField';

// The map needs WebGL; the point's inputs are what is tested here.
vi.mock('./GeometryMap', () => ({ default: () => <div data-testid="map" /> }));

// happy-dom has no FontFaceSet, which Mantine's autosizing Textarea listens to.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }), configurable: true });

afterEach(cleanup);

/** The text of an input's error: the element its aria-describedby names as one. */
const errorOf = (input: HTMLElement) =>
  document.getElementById((input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-error')) ?? '')?.textContent ?? null;

function renderField() {
  const onChange = vi.fn();
  render(
    <MantineProvider env="test">
      <GeometryField value={null} onChange={onChange} error={null} onUnfinished={() => {}} />
    </MantineProvider>,
  );
  return { onChange };
}

describe('a point typed as longitude and latitude', () => {
  it('keeps a coordinate that is no number or out of range as typed, says why under it, and sets no point', async () => {
    const { onChange } = renderField();
    const user = userEvent.setup();
    const lon = screen.getByRole('textbox', { name: 'Longitude' });
    const lat = screen.getByRole('textbox', { name: 'Latitude' });
    await user.type(lon, 'abc');
    await user.type(lat, '95');
    await user.tab();
    expect((lon as HTMLInputElement).value).toBe('abc');
    expect((lat as HTMLInputElement).value).toBe('95');
    expect(lon.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(lon)).toBe('Longitude is a number of degrees, like 7.43');
    expect(errorOf(lat)).toBe('Latitude 95 is outside [-90, 90]');
    const set = screen.getByRole('button', { name: 'Set point' });
    expect(set.hasAttribute('disabled')).toBe(true);
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(lon);
    await user.type(lon, '7.43');
    await user.clear(lat);
    await user.type(lat, '-46.52');
    expect(errorOf(lon)).toBeNull();
    expect(errorOf(lat)).toBeNull();
    await user.click(set);
    expect(onChange).toHaveBeenCalledWith({ type: 'Point', coordinates: [7.43, -46.52] });
  });
});
