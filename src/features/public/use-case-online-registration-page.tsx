import { UseCaseLayout } from './use-case-layout';

export default function OnlineRegistrationUseCasePage() {
  return (
    <UseCaseLayout
      slug="online-registration"
      title="Online registration"
      description="How online services use Accord for know-your-customer checks at sign-up, age checks that share only the age, and verifications customers can reuse."
      intro="Online services check identity documents when people sign up, and accept verifications already made by other members of the network, so genuine customers get through quickly and fraudulent ones do not."
      audience="Online services, marketplaces, payment and e-money firms, platforms and their verification providers"
      problem={
        <>
          <p>
            Every online sign-up trades friction against fraud. Ask for a document photo and a selfie, and some genuine
            customers give up halfway; ask for nothing, and the service fills with fake accounts, synthetic identities
            and money mules. Many services have no choice: anti-money-laundering rules require them to verify customers
            before the relationship starts, and in the UK services that show pornographic content must use highly
            effective age assurance under the Online Safety Act 2023.
          </p>
          <p>
            Each service solves the problem alone. It pays for the same document check and face match on the same person
            that another service paid for last week, and stores yet another copy of their identity document. Customers
            learn to expect a camera, a document and a wait every time they join something new.
          </p>
        </>
      }
      flows={[
        {
          title: 'Know-your-customer checks at sign-up',
          summary: 'New customers are verified at the level the service’s regulation and risk require.',
          steps: [
            'The customer photographs their identity document and records a short selfie video. The member’s verification provider checks the document’s security features, reads its chip where the phone supports it, and matches the face with liveness detection.',
            'The member records the verification at Substantial, with the provider and the methods used. Sanctions screening and ongoing monitoring stay with the member, as its regulation requires.',
            'The customer is signed up in minutes, and afterwards signs in with a passkey bound to the verified identity.',
          ],
        },
        {
          title: 'Age checks',
          summary: 'A service learns that a person is old enough, and nothing else.',
          steps: [
            'The person proves their age once, from a verified identity document or a verification a member has already made.',
            'The service receives only the answer it asked for, such as “over 18”, with the level and the member that verified it; not the date of birth, the name or the document.',
            'Returning visitors sign in instead of proving their age again.',
          ],
        },
        {
          title: 'Reusable verifications',
          summary: 'A customer verified by one member can join another without starting again.',
          steps: [
            'A customer already verified at Substantial by a member, such as their bank, chooses to share that verification when signing up to another member’s service.',
            'The new service checks in the trust registry that the verifying member was active on the date of the verification, and that the verification meets the level it needs.',
            'It ties the customer to the verification with a quick face match or an authenticator, and records its acceptance. Anything else the law requires of it, such as its own sanctions screening, it still does itself.',
          ],
        },
      ]}
      assurance={[
        { check: 'Creating a free account or signing up to a newsletter', identity: 'Low', documents: 'Not needed' },
        {
          check: 'Age-restricted goods, services and content',
          identity: 'Substantial, sharing only the age',
          documents: 'Substantial',
        },
        { check: 'Opening a payment, e-money or bank account', identity: 'Substantial', documents: 'Substantial' },
        { check: 'Verifying marketplace sellers', identity: 'Substantial', documents: 'Substantial' },
        { check: 'Recovering an account or making high-value changes', identity: 'As at sign-up, or High', documents: 'Substantial' },
      ]}
      assuranceNote="Anti-money-laundering law (in the UK the Money Laundering Regulations 2017, in the EU the anti-money-laundering directives and the new AML Regulation) leaves a firm responsible for its customer due diligence even when it relies on another’s check. The framework’s verification records, and the registry’s dated status for the verifier, are what make that reliance defensible."
      forOrganisations={[
        'More completed sign-ups: customers who are already verified join in a couple of steps.',
        'A lower cost per customer, because the same check is not bought twice.',
        'Fewer fake and duplicate accounts, and a record of every check ready for your regulator.',
        'Age checks that meet the law without collecting more personal data than needed.',
      ]}
      forPeople={[
        'Prove who you are once and reuse it, with your agreement each time.',
        'Services learn only what they need: being over 18 does not reveal your birthday.',
        'Fewer copies of your passport held by companies you have dealt with once.',
        'A clear route to challenge a check you believe is wrong.',
      ]}
    />
  );
}
