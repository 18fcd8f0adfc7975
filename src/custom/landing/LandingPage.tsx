/**
 * `/` (spec 1 and 2): tabs Início, Serviços, Sobre, the 'Fale conosco' form, phone, e-mail and a map
 * in the page's text, and the 'Portal do Cliente' button to /login keeping the brand value. With
 * ?gr= or ?riskManager= the visitor goes straight to /login?gr={value}.
 * Its own light chunk: MUI and the domain only, never react-admin.
 */
import { useState } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { COMPANY } from '../../domain/company';
import { Logo } from '../../layout/Logo';
import { brandSearch } from '../keepGr';
import { ContactForm } from './ContactForm';
import { ABOUT, CONTACT_TITLE, HERO, HIGHLIGHTS, LANDING_TABS, PORTAL_BUTTON, SERVICES, type LandingTab } from './landingCopy';
import { StaticMap } from './StaticMap';

/** The brand value of the query (?gr= wins over ?riskManager=). */
export function brandValue(search: string): string | null {
  const params = new URLSearchParams(search);
  return params.get('gr') || params.get('riskManager') || null;
}

function Cards({ items }: { items: readonly { title: string; text: string }[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(items.length, 3)}, 1fr)` } }}>
      {items.map((item) => (
        <Paper key={item.title} variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h3" sx={{ mb: 1, color: 'primary.main' }}>
            {item.title}
          </Typography>
          <Typography>{item.text}</Typography>
        </Paper>
      ))}
    </Box>
  );
}

function TabContent({ tab }: { tab: LandingTab }) {
  if (tab === 'services') {
    return (
      <>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Nossos serviços
        </Typography>
        <Cards items={SERVICES} />
      </>
    );
  }
  if (tab === 'about') {
    return (
      <>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Quem somos
        </Typography>
        {ABOUT.map((paragraph) => (
          <Typography key={paragraph.slice(0, 20)} sx={{ mb: 2, maxWidth: 760 }}>
            {paragraph}
          </Typography>
        ))}
      </>
    );
  }
  return (
    <>
      <Typography variant="h1" component="h1" sx={{ mb: 2, fontSize: { xs: 28, md: 36 } }}>
        {HERO.title}
      </Typography>
      <Typography sx={{ mb: 4, maxWidth: 760, fontSize: 16 }}>{HERO.text}</Typography>
      <Cards items={HIGHLIGHTS} />
    </>
  );
}

export function LandingPage() {
  const { search } = useLocation();
  const [tab, setTab] = useState<LandingTab>('home');
  const brand = brandValue(search);
  if (brand) return <Navigate to={`/login?gr=${encodeURIComponent(brand)}`} replace />;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="static" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
          <Logo height={40} />
          <Tabs value={tab} onChange={(_e, value: LandingTab) => setTab(value)} aria-label="Seções" sx={{ flex: 1 }}>
            {LANDING_TABS.map((t) => (
              <Tab key={t.value} value={t.value} label={t.label} />
            ))}
          </Tabs>
          <Button component={RouterLink} to={`/login${brandSearch(search)}`} variant="contained">
            {PORTAL_BUTTON}
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="lg" sx={{ py: 5 }}>
        <Box component="section" aria-label={LANDING_TABS.find((t) => t.value === tab)?.label} sx={{ mb: 6 }}>
          <TabContent tab={tab} />
        </Box>
        <Box component="section" aria-labelledby="fale-conosco" sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Box>
            <Typography id="fale-conosco" variant="h2" sx={{ mb: 2 }}>
              {CONTACT_TITLE}
            </Typography>
            <ContactForm />
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Typography variant="h6" component="h3">
              Central de operações
            </Typography>
            <Typography>{COMPANY.hours}</Typography>
            <Typography>
              Telefone: <Link href={COMPANY.phoneHref}>{COMPANY.phone}</Link>
            </Typography>
            <Typography>
              E-mail: <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link>
            </Typography>
            <Typography>Endereço: {COMPANY.address}</Typography>
            <StaticMap label={`Mapa: ${COMPANY.address}`} />
          </Box>
        </Box>
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
        <Typography variant="caption">
          © {new Date().getFullYear()} {COMPANY.name} — segurança e pronta resposta para o transporte de cargas
        </Typography>
      </Box>
    </Box>
  );
}

export default Object.assign(LandingPage, { path: '/' });
