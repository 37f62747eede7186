#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
typedef struct { uint32_t s; uint8_t n; } E;
static int order_wild_first;
int main(int argc,char**argv){
  int wild_first = argc>1 && argv[1][0]=='1';
  int MAXN=7;
  int maxc[14]; for(int i=0;i<14;i++) maxc[i]=4;
  if (wild_first) maxc[0]=7; else maxc[13]=7;
  E *cur = malloc(sizeof(E)*400000), *nxt = malloc(sizeof(E)*400000);
  int ncur = 1; cur[0].s=0; cur[0].n=0;
  uint32_t LIM = 1u<<28;
  uint8_t *old = calloc(LIM, 1);
  uint32_t *stamp = calloc(LIM, 4); uint32_t gen=1;
  uint32_t k = 1;
  old[0]=1;
  for (int r=0;r<14;r++){
    int MAXC=maxc[r];
    for(;;k++){
      gen++; int ok=1;
      for(int c=1;c<=MAXC&&ok;c++) for(int i=0;i<ncur;i++){ if(cur[i].n+c>MAXN) continue; uint32_t t=cur[i].s+c*k; if(t>=LIM){ok=0;break;} if(old[t]||stamp[t]==gen){ok=0;break;} stamp[t]=gen; }
      if(ok) break;
    }
    int m=0;
    for(int i=0;i<ncur;i++) for(int c=0;c<=MAXC;c++){ if(cur[i].n+c>MAXN) break; nxt[m].s=cur[i].s+c*k; nxt[m].n=cur[i].n+c; old[nxt[m].s]=1; m++; }
    E*t=cur;cur=nxt;nxt=t;ncur=m; uint32_t mx=0; for(int i=0;i<ncur;i++) if(cur[i].s>mx) mx=cur[i].s;
    printf("r=%d key=%u n=%d max=%u\n",r,k,ncur,mx); fflush(stdout); k++;
  }
}
