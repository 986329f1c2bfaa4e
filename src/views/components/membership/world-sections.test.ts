import { describe, expect, it } from 'vitest';
import { sectionOf } from './world-sections';

describe('sectionOf', () => {
  it('opens the section named in ?section= for a role that may see it', () => {
    expect(sectionOf('members', 'staff')).toBe('members');
    expect(sectionOf('guest-links', 'staff')).toBe('guest-links');
    expect(sectionOf('staff-invitations', 'owner')).toBe('staff-invitations');
  });

  it('opens the guest sections for owners and staff alike', () => {
    for (const role of ['owner', 'staff'] as const) {
      expect(sectionOf('guests', role)).toBe('guests');
      expect(sectionOf('instant-entrances', role)).toBe('instant-entrances');
      expect(sectionOf('enter-page', role)).toBe('enter-page');
    }
  });

  it('shows staff the overview instead of the owners-only staff invitations', () => {
    expect(sectionOf('staff-invitations', 'staff')).toBe('overview');
  });

  it('falls back to the overview for no section, an unknown one, or a page link', () => {
    expect(sectionOf(null, 'owner')).toBe('overview');
    expect(sectionOf('billing', 'owner')).toBe('overview');
    expect(sectionOf('questionnaires', 'owner')).toBe('overview');
  });
});
