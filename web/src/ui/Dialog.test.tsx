import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { anyDialogOpen, Dialog } from './Dialog';
import { Modal } from './Modal';

function Stacked() {
  const [profile, setProfile] = useState(true);
  const [upsell, setUpsell] = useState(true);
  return (
    <>
      {profile && (
        <Dialog
          onClose={() => setProfile(false)}
          labelledBy="p"
          className="profile"
          testId="profile"
        >
          <h2 id="p">Profile</h2>
          <button type="button">Like</button>
        </Dialog>
      )}
      <Modal open={upsell} onClose={() => setUpsell(false)} labelledBy="u" closeLabel="Close">
        <h2 id="u">Premium</h2>
      </Modal>
    </>
  );
}

describe('Dialog stacking', () => {
  it('closes only the top dialog on Escape, then the one beneath', () => {
    render(<Stacked />);
    expect(screen.getByTestId('profile')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Premium' })).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Premium' })).not.toBeInTheDocument();
    expect(screen.getByTestId('profile')).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByTestId('profile')).not.toBeInTheDocument();
    expect(anyDialogOpen()).toBe(false);
  });

  it('closes a modal from its backdrop but not from inside the panel', () => {
    render(<Stacked />);
    const panel = screen.getByRole('dialog', { name: 'Premium' });
    fireEvent.mouseDown(panel);
    expect(screen.getByRole('dialog', { name: 'Premium' })).toBeInTheDocument();
    fireEvent.mouseDown(panel.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog', { name: 'Premium' })).not.toBeInTheDocument();
  });
});
