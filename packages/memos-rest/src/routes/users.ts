// ShortcutService_ListShortcuts and AuthService_GetCurrentUser.
import { Router } from 'express';
import { requireUser } from '../access.ts';
import { notFound, permissionDenied } from '../errors.ts';
import { reply, viewerOf } from '../http.ts';
import type { MemoStore } from '../store.ts';
import { shortcutView, userView } from '../views.ts';
import { authenticated } from './guard.ts';

export function userRoutes(store: MemoStore): Router {
  const router = Router();
  const guard = authenticated(store);

  router.get('/users/:user/shortcuts', guard, (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    const raw = String(req.params.user);
    const user = store.userByUsername(raw.startsWith('users/') ? raw.slice('users/'.length) : raw);
    if (!user) throw notFound('user not found');
    if (user.id !== viewer.id) throw permissionDenied();
    reply(req, res, 'ListShortcutsResponse', {
      shortcuts: store.shortcutsOf(user).map((s) => shortcutView(user, s)),
    });
  });

  router.get('/auth/me', guard, (req, res) => {
    const viewer = requireUser(viewerOf(req, store));
    reply(req, res, 'GetCurrentUserResponse', { user: userView(viewer, viewer) });
  });

  return router;
}
