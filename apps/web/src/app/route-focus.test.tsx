import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';

import { RouteFocus } from './route-focus.tsx';

function Shell() {
  return (
    <>
      <nav>
        <Link to="/tailspin">TailSpin</Link>
        <Link to="/history">History</Link>
        <Link to="/fairness?bet=abc">Check a bet</Link>
        <Link to="/nowhere">Broken link</Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
      <RouteFocus />
    </>
  );
}

function renderApp(initial = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Shell,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: 'tailspin', element: <h1>TailSpin game</h1> },
          // No heading yet (a page still loading its data): the main region takes focus.
          { path: 'history', element: <p>Loading history</p> },
          { path: 'fairness', element: <h1>Provably fair</h1> },
          { path: '*', element: <h1>Nothing to see here</h1> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const announcer = () => screen.getByTestId('route-announcer');

describe('RouteFocus', () => {
  it('leaves focus alone on the first load, but titles the page', () => {
    renderApp('/tailspin');
    expect(document.activeElement).toBe(document.body);
    expect(document.title).toBe('TailSpin · Arcade');
    expect(announcer().textContent).toBe('');
  });

  it("moves focus from the clicked link to the new page's heading and announces the page", async () => {
    renderApp();
    expect(document.title).toBe('Arcade');
    const link = screen.getByRole('link', { name: 'TailSpin' });
    await userEvent.click(link);
    const heading = screen.getByRole('heading', { name: 'TailSpin game' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(document.title).toBe('TailSpin · Arcade');
    expect(announcer().textContent).toBe('TailSpin');
    expect(announcer().getAttribute('aria-live')).toBe('polite');
  });

  it('focuses the main region when the page has no heading, and titles the not-found page', async () => {
    renderApp();
    await userEvent.click(screen.getByRole('link', { name: 'History' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').getAttribute('tabindex')).toBe('-1');
    expect(announcer().textContent).toBe('History');

    await userEvent.click(screen.getByRole('link', { name: 'Broken link' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Nothing to see here' }));
    expect(document.title).toBe('Page not found · Arcade');
    expect(announcer().textContent).toBe('Page not found');
  });

  it('keeps focus where it is when only the query changes', async () => {
    const router = renderApp('/fairness');
    const link = screen.getByRole('link', { name: 'Check a bet' });
    link.focus();
    await act(() => router.navigate('/fairness?bet=abc'));
    expect(document.activeElement).toBe(link);
    expect(announcer().textContent).toBe('');
  });
});

describe('RouteFocus on a page that names itself', () => {
  it('titles and announces the error page as an error, whatever path failed', async () => {
    function Broken(): never {
      throw new Error('Invalid symbol');
    }
    const router = createMemoryRouter(
      [
        {
          path: '/',
          Component: Shell,
          children: [
            { index: true, element: <h1>Home page</h1> },
            {
              path: 'tailspin',
              Component: Broken,
              ErrorBoundary: () => <h1 data-page-title="Error">Something bad just happened...</h1>,
            },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.click(screen.getByRole('link', { name: 'TailSpin' }));
    expect(document.title).toBe('Error · Arcade');
    expect(announcer().textContent).toBe('Error');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Something bad just happened...' }),
    );
  });
});
