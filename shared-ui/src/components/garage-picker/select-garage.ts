import { sessionResponseSchema } from 'contracts';
import { request } from '../../runtime/http';
import { useSession } from '../../runtime/session-store';

/**
 * Works in garage `companyId` from now on (or TOUT, 0): the server answers a session token for it, and the page is
 * loaded again, so that nothing read for the previous garage stays on screen.
 */
export async function selectGarage(companyId: number): Promise<void> {
  try {
    const { token } = await request(`company/select/${companyId}`, sessionResponseSchema, { method: 'post' });
    useSession.getState().setToken(token);
    window.location.reload();
  } catch (error) {
    console.error('Erreur lors de la sélection de la société', error);
  }
}
