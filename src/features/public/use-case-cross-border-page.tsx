import { UseCaseLayout } from './use-case-layout';

export default function CrossBorderUseCasePage() {
  return (
    <UseCaseLayout
      slug="cross-border-verification"
      title="Cross-border verification"
      description="Accept identity and document checks made in other countries under one framework, including eIDAS-notified eIDs, EU Digital Identity Wallets and ePassports."
      intro="Organisations in different countries accept each other’s identity and document checks under one framework, so people who study, work or move abroad are not verified from scratch at every step."
      audience="Organisations that serve, admit or employ people from abroad"
      problem={
        <>
          <p>
            People move to study, to work and to be treated, and they buy from businesses abroad. Their identities and
            documents do not move as easily. A bank in Lisbon cannot tell how a provider in the Netherlands verified a
            customer; a hospital recruiting a nurse from Spain checks again documents that Spanish authorities have
            already confirmed; an employer holding a foreign degree certificate has no easy way to confirm it with an
            issuer working in another language and another legal system.
          </p>
          <p>
            Frameworks exist, but each stops somewhere. eIDAS makes public bodies in the EU recognise each other’s
            notified electronic identification schemes, but much of the private sector, and every country outside the
            EU, sits beyond it. The UK has its own trust framework. Civil status records and diplomas still travel with
            apostilles and certified translations. So organisations start again, and people send certified copies.
          </p>
        </>
      }
      flows={[
        {
          title: 'Accepting another country’s checks under one framework',
          summary: 'A check made by a member in one country is accepted by a member in another, because both follow the same rules.',
          steps: [
            'A member in one country verifies a person at a declared level, with the methods and providers that work there, and records the verification.',
            'A member in another country checks in the trust registry that the verifier is active and where it is established, and accepts the verification at the level recorded, without repeating it.',
            'Both keep the records the framework requires, so the regulator in either country can see what was checked and by whom. Personal data crosses the border only under an adequacy decision or standard contractual clauses, as data protection law requires.',
          ],
        },
        {
          title: 'eIDAS-notified schemes and European Digital Identity Wallets',
          summary: 'National electronic identities become evidence that members everywhere can use.',
          steps: [
            'A person identifies themselves with an electronic identification means notified under eIDAS, such as a national identity card with an eID function, or with a European Digital Identity Wallet.',
            'The member records the verification at the level of assurance the scheme was notified at, Substantial or High. Person identification data from a wallet is issued at level high.',
            'Members elsewhere, including outside the EU, accept the recorded verification at that level without having to understand each national scheme themselves.',
          ],
        },
        {
          title: 'Documents issued abroad',
          summary: 'A foreign document is checked once, in the way its issuer allows.',
          steps: [
            'Passports and identity cards with a chip are read, and the chip’s signature is checked against the issuing country’s certificates from the ICAO Public Key Directory: document assurance High.',
            'Diplomas, civil status records and professional documents are confirmed with the issuer, through an e-Apostille register where one exists, or through a recognised verification service.',
            'The verification records what was confirmed and in which language, and members elsewhere accept it without asking for another certified copy.',
          ],
        },
      ]}
      assurance={[
        { check: 'Signing up to an online service from abroad', identity: 'Substantial', documents: 'Substantial' },
        {
          check: 'Using public or health services in another country',
          identity: 'Substantial or High, as the service requires',
          documents: 'Not needed with a notified eID',
        },
        { check: 'Admitting international students', identity: 'Substantial', documents: 'Substantial; High where the issuer signs' },
        { check: 'Recruiting and registering professionals from abroad', identity: 'High', documents: 'High' },
      ]}
      assuranceNote="Under eIDAS, a public body that requires level Substantial or High for an online service must recognise notified eID means from other member states at the same or a higher level. The framework applies the same logic to private members and to members outside the EU."
      forOrganisations={[
        'Serve, admit and employ people from abroad without building a verification process for each country.',
        'One scale of levels for evidence from any country, mapped to eIDAS, NIST SP 800-63 and the UK trust framework.',
        'Records that stand up to the regulator in your country and in theirs.',
        'Fewer foreign documents handled, stored and translated by your own staff.',
      ]}
      forPeople={[
        'A check made at home counts abroad, so studying, working or being treated in another country starts sooner.',
        'A national eID or European Digital Identity Wallet is accepted by members in other countries.',
        'Fewer certified copies and translations to pay for and post.',
        'The same right to challenge a check, wherever the member is.',
      ]}
    />
  );
}
