import { TECHNICIAN_SAVED, type TechnicianBody, type TechnicianFormResponse } from 'contracts';
import { useNavigate } from 'react-router-dom';
import { useInvalidate, useSaveAction, useStoreAnswer } from 'shared-ui';
import { saveTechnician, technicianFormPath } from '../api/technicians';

/**
 * Saves the fitter of the form (`id` 0: a new one), then goes back to the list. Opened again, the fitter's form shows
 * what the server answered with no second read (the garage's accounts, `form.accounts`, do not change with it); the
 * list of fitters is read again. A refusal leaves the form as typed.
 */
export function useTechnicianSave(id: number, form: TechnicianFormResponse | undefined) {
  const navigate = useNavigate();
  const { saving, run } = useSaveAction();
  const store = useStoreAnswer();
  const invalidate = useInvalidate();
  const save = async (values: TechnicianBody) => {
    const saved = await run(
      async () => {
        const technician = await saveTechnician(id, values);
        store(technicianFormPath(technician.id), { accounts: form?.accounts ?? [], technician });
        void invalidate('api/technician/list');
      },
      { done: TECHNICIAN_SAVED },
    );
    if (saved) navigate('/technician/list');
  };
  return { saving, save };
}
