/**
 * `/` (docs/rules/themes.md): tabs Início, Serviços, Sobre, the 'Fale conosco' form, phone, e-mail and a map
 * in the page's text, and the 'Portal do Cliente' button to /login keeping the brand value. With
 * ?gr= or ?riskManager= the visitor goes straight to /login?gr={value} (redirectBrandedLanding).
 * Plain React and one CSS file reading the brand's --pr-* variables (BrandVarsGate): no MUI, no
 * emotion, no react-admin, not even react-router (plainHistory), so the first visit stays within
 * the page's budget (docs/performance.md).
 */
import './landing.css';
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { COMPANY } from '../../domain/company';
import { followLink, useSearch } from '../../layout/plainHistory';
import { PlainBrandLogo } from '../../layout/PlainBrandLogo';
import { useColorMode } from '../../theme/themeState';
import { brandSearch } from '../keepGr';
import { ContactForm } from './ContactForm';
import { ABOUT, CONTACT_TITLE, HERO, HIGHLIGHTS, LANDING_TABS, PORTAL_BUTTON, SERVICES, type LandingTab } from './landingCopy';
import { StaticMap } from './StaticMap';

const tabId = (tab: LandingTab) => `landing-tab-${tab}`;
const PANEL_ID = 'landing-panel';

/** WAI-ARIA tabs: one tab in the Tab order, arrows/Home/End move between them and select. */
function SectionTabs({ tab, onChange }: { tab: LandingTab; onChange: (tab: LandingTab) => void }) {
  const refs = useRef(new Map<LandingTab, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = LANDING_TABS.findIndex((t) => t.value === tab);
    const last = LANDING_TABS.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const value = LANDING_TABS[next]?.value;
    if (!value) return;
    onChange(value);
    refs.current.get(value)?.focus();
  };
  return (
    <div className="lp-tabs" role="tablist" aria-label="Seções" onKeyDown={onKeyDown}>
      {LANDING_TABS.map((t) => (
        <button
          key={t.value}
          ref={(el) => {
            if (el) refs.current.set(t.value, el);
            else refs.current.delete(t.value);
          }}
          type="button"
          role="tab"
          id={tabId(t.value)}
          className="lp-tab"
          aria-selected={t.value === tab}
          aria-controls={PANEL_ID}
          tabIndex={t.value === tab ? 0 : -1}
          onClick={() => onChange(t.value)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function Cards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <div className="lp-cards" style={{ '--lp-columns': Math.min(items.length, 3) } as CSSProperties}>
      {items.map((item) => (
        <div key={item.title} className="lp-card">
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </div>
      ))}
    </div>
  );
}

function TabContent({ tab }: { tab: LandingTab }) {
  if (tab === 'services') {
    return (
      <>
        <h2 className="lp-title">Nossos serviços</h2>
        <Cards items={SERVICES} />
      </>
    );
  }
  if (tab === 'about') {
    return (
      <>
        <h2 className="lp-title">Quem somos</h2>
        {ABOUT.map((paragraph) => (
          <p key={paragraph.slice(0, 20)} className="lp-text">
            {paragraph}
          </p>
        ))}
      </>
    );
  }
  return (
    <>
      <h1 className="lp-title lp-hero">{HERO.title}</h1>
      <p className="lp-lead">{HERO.text}</p>
      <Cards items={HIGHLIGHTS} />
    </>
  );
}

/** `preloadLogin` starts downloading the login's code (the MUI shell): the app's entry knows where that code is. */
export function LandingPage({ preloadLogin }: { preloadLogin: () => void }) {
  const search = useSearch();
  const mode = useColorMode();
  const [tab, setTab] = useState<LandingTab>('home');

  return (
    <div className="lp" data-mode={mode}>
      <header className="lp-bar">
        <div className="lp-bar-inner">
          <PlainBrandLogo height={40} />
          <SectionTabs tab={tab} onChange={setTab} />
          {/* The login's code (the MUI shell) starts downloading as soon as the visitor aims at the button. */}
          <a
            className="pr-button"
            href={`/login${brandSearch(search)}`}
            onClick={followLink}
            onPointerEnter={preloadLogin}
            onFocus={preloadLogin}
          >
            {PORTAL_BUTTON}
          </a>
        </div>
      </header>
      <main className="lp-main">
        <section id={PANEL_ID} className="lp-panel" role="tabpanel" aria-labelledby={tabId(tab)} tabIndex={0}>
          <TabContent tab={tab} />
        </section>
        <section className="lp-contact" aria-labelledby="fale-conosco">
          <div>
            <h2 id="fale-conosco" className="lp-title">
              {CONTACT_TITLE}
            </h2>
            <ContactForm />
          </div>
          <div className="lp-side">
            <h3>Central de operações</h3>
            <p>{COMPANY.hours}</p>
            <p>
              Telefone: <a href={COMPANY.phoneHref}>{COMPANY.phone}</a>
            </p>
            <p>
              E-mail: <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </p>
            <p>Endereço: {COMPANY.address}</p>
            <StaticMap label={`Mapa: ${COMPANY.address}`} />
          </div>
        </section>
      </main>
      <footer className="lp-footer">
        © {new Date().getFullYear()} {COMPANY.name} — segurança e pronta resposta para o transporte de cargas
      </footer>
    </div>
  );
}
