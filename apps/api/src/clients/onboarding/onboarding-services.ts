import type { Database } from '@vet/db/connection';
import { createClientsRepository } from '../profile/index.ts';
import { createLinkedClientLookup } from '../../platform/index.ts';
import { createBudgetKeeper } from './budgets.ts';
import { createCandidatesRepository } from './candidates-repository.ts';
import { createCodeSender } from './code-sender.ts';
import { createFollowUpService } from './follow-up-service.ts';
import { createLinkRepository } from './link-repository.ts';
import { createLinkStageRepository } from './link-stage-repository.ts';
import { createNewClientRepository } from './new-client-repository.ts';
import type { OnboardingSettings } from './verification-email.ts';
import { createVerificationRepository } from './verification-repository.ts';

/** The onboarding repositories and services, wired once per route plugin. */
export function createOnboardingServices(db: Database, settings: OnboardingSettings) {
  const verification = createVerificationRepository(db);
  const codes = createCodeSender(db, verification, settings);
  return {
    db,
    codePepper: settings.codePepper,
    budgets: createBudgetKeeper(db, settings.budgets),
    candidates: createCandidatesRepository(db),
    verification,
    codes,
    followUps: createFollowUpService(verification, codes),
    links: createLinkRepository({ embeddedIssuer: settings.embeddedIssuer }),
    stages: createLinkStageRepository(db),
    newClients: createNewClientRepository(db),
    clients: createLinkedClientLookup(db),
    profiles: createClientsRepository(db),
  };
}
